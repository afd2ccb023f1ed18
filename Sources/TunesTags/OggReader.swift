// Reads an Ogg Vorbis, Ogg Opus or Ogg FLAC file without decoding: the identification and comment headers
// of its first Vorbis, Opus or FLAC stream (a Theora stream before it is passed over), and the exact length
// from the last page's granule position (less Opus's pre-skip), which is the sample count oggdec, opusdec
// and `flac -d` output. An Ogg FLAC stream (the FLAC-to-Ogg mapping, `flac --ogg`, usually .oga) carries
// the STREAMINFO in its first packet and each metadata block, the Vorbis comment first, in one packet after. A chained file (OggLinks) is as long as
// its links together. See OggPage for the page layout.

enum OggReader {
  enum Codec: Equatable {
    case vorbis
    case opus
    case flac
  }

  /// Tags and audio properties of the Ogg file in `buffer`.
  static func parse(_ buffer: UnsafeRawBufferPointer, coverage: Coverage, path: String) throws -> FileMetadata {
    var warnings: [String] = []
    let serial = try soundSerial(buffer, coverage: coverage, path: path)
    // The identification header tells the codec, and so how many header packets follow.
    var assembler = PacketAssembler(serial: serial)
    var offset = 0
    var codec: Codec?
    var needed = 2
    var headersEnd = 0
    while assembler.packets.count < needed {
      guard offset < buffer.count else {
        throw TagError.truncated(
          path: path, reason: "Ogg stream ends after \(assembler.packets.count) of its \(needed) header packets")
      }
      let current = try page(buffer, at: offset, coverage: coverage, path: path)
      if current.serial == serial {
        guard coverage.covers(current.body) else { throw NeedWholeFile() }
        assembler.add(current, buffer)
        if codec == nil, let id = assembler.packets.first {
          codec = try identify(id, path: path)
          switch codec! {
          case .vorbis: needed = 3
          case .opus: needed = 2
          // The mapping's count of the metadata packets after the first (0: unknown; the comment is first).
          case .flac: needed = max(2, 1 + (Int(id[7]) << 8 | Int(id[8])))
          }
        }
      }
      offset = current.end
      headersEnd = offset
    }
    let identification = assembler.packets[0]
    let commentPacket = assembler.packets[1]

    // A chained file ends with a page of another stream than the one it starts with.
    var chain: OggLinks?
    if let final = finalPage(buffer, coverage: coverage), final.serial != serial {
      guard coverage.isWhole else { throw NeedWholeFile() }
      let links = OggLinks(buffer)
      if links.links.count > 1 && links.links[0].serial == serial { chain = links }
    }
    // The length: the granule position of the stream's last page.
    let last = try lastPage(buffer, serial: serial, coverage: coverage, path: path, warnings: &warnings)
    var audio: AudioProperties
    var tags: TagSet
    var pairs: [TagPair] = []
    switch codec! {
    case .vorbis:
      guard identification.count >= 30 else {
        throw TagError.invalid(path: path, reason: "Ogg Vorbis identification header is \(identification.count) bytes, not 30")
      }
      let channels = Int(identification[11])
      let rate = Int(le32(identification, 12))
      guard channels > 0, rate > 0 else {
        throw TagError.invalid(path: path, reason: "Ogg Vorbis identification header gives \(channels) channels at \(rate) Hz")
      }
      let samples = max(0, Int(last.granule))
      let parsed = try comments(commentPacket, prefix: 7, path: path, warnings: &warnings, versions: ["Ogg", "VorbisComment"])
      tags = parsed.tags
      pairs = parsed.pairs
      audio = properties(buffer, samples: samples, rate: rate, channels: channels, audioStart: headersEnd)
      audio.codec = "vorbis"
    case .opus:
      guard identification.count >= 19 else {
        throw TagError.invalid(path: path, reason: "Opus identification header is \(identification.count) bytes, not 19")
      }
      let channels = Int(identification[9])
      let preSkip = Int(identification[10]) | Int(identification[11]) << 8
      guard channels > 0 else { throw TagError.invalid(path: path, reason: "Opus identification header gives 0 channels") }
      // opusdec and opusfile output 48 kHz whatever rate the source had; the header's rate is informational.
      let samples = max(0, Int(last.granule) - preSkip)
      let parsed = try comments(commentPacket, prefix: 8, path: path, warnings: &warnings, versions: ["Ogg", "OpusTags"])
      tags = parsed.tags
      pairs = parsed.pairs
      if let gain = parsed.r128TrackGain { tags.replayGain.trackGain = ReplayGainText.replayGain(q78: gain) }
      if let gain = parsed.r128AlbumGain { tags.replayGain.albumGain = ReplayGainText.replayGain(q78: gain) }
      audio = properties(buffer, samples: samples, rate: 48000, channels: channels, audioStart: headersEnd)
      audio.codec = "opus"
    case .flac:
      let info = try flacStreamInfo(identification, path: path)
      let parsed = try flacComments(commentPacket, path: path, warnings: &warnings)
      tags = parsed.tags
      pairs = parsed.pairs
      audio = properties(
        buffer, samples: max(0, Int(last.granule)), rate: info.rate, channels: info.channels, audioStart: headersEnd)
      audio.codec = "flac"
      audio.bitsPerSample = info.bits
    }
    if !coverage.covers(headersEnd..<min(buffer.count, headersEnd + AudioHash.window)) { throw NeedWholeFile() }
    if let links = chain?.links {
      // The first link's format is the file's (what a decoder opens it with); the length is all links'
      // together, and the sample count is their samples added up, each at its own rate, as
      // ov_pcm_total(-1) counts them.
      let seconds = links.reduce(0.0) { $0 + Double($1.samples) / Double($1.sampleRate) }
      audio.durationMs = Int((seconds * 1000).rounded())
      audio.sampleCount = links.reduce(0) { $0 + $1.samples }
      audio.bitrate = seconds > 0 ? Int((Double(buffer.count - headersEnd) * 8 / seconds / 1000).rounded()) : 0
      audio.lengthSource = "granule (\(links.count) links)"
      warnings.append(
        "chained Ogg stream of \(links.count) links (\(links.map(\.description).joined(separator: ", "))); its length is theirs together"
      )
    }
    var metadata = FileMetadata(tags: tags, audio: audio, warnings: warnings)
    metadata.comments = pairs
    return metadata
  }

  /// The last intact page of the file whatever its stream, searched for in the loaded tail; nil if none is there.
  private static func finalPage(_ buffer: UnsafeRawBufferPointer, coverage: Coverage) -> OggPage? {
    var k = buffer.count - OggPage.headerSize
    let floor = coverage.isWhole ? 0 : coverage.tailStart
    while k >= floor {
      if buffer[k] == 0x4F, case .success(let page) = OggPage.read(buffer, at: k), page.granule != -1 { return page }
      k -= 1
    }
    return nil
  }

  private static func properties(
    _ buffer: UnsafeRawBufferPointer, samples: Int, rate: Int, channels: Int, audioStart: Int
  ) -> AudioProperties {
    let length = buffer.count - audioStart
    var audio = AudioProperties(
      durationMs: StreamMath.milliseconds(samples: samples, rate: rate), sampleRate: rate, channels: channels,
      bitrate: StreamMath.kbps(bytes: length, samples: samples, rate: rate), lengthSource: "granule",
      audioOffset: audioStart, audioLength: length,
      audioHash: AudioHash.hex(buffer, audioStart..<buffer.count))
    audio.sampleCount = samples
    return audio
  }

  /// The logical stream to read: the first Vorbis or Opus one among the streams the file begins with (each
  /// stream's first page comes before any other page, RFC 3533), so a video's Theora stream ahead of its
  /// sound is passed over as decoders pass it over; the first stream when none is (identify says why).
  private static func soundSerial(_ buffer: UnsafeRawBufferPointer, coverage: Coverage, path: String) throws -> UInt32 {
    let first = try page(buffer, at: 0, coverage: coverage, path: path)
    var current = first
    while current.isFirst {
      guard coverage.covers(current.body) else { throw NeedWholeFile() }
      let start = current.body.lowerBound
      if current.body.count >= 8
        && (buffer.matches("\u{1}vorbis", at: start) || buffer.matches("OpusHead", at: start)
          || buffer.matches("\u{7F}FLAC", at: start))
      {
        return current.serial
      }
      guard current.end < buffer.count else { break }
      current = try page(buffer, at: current.end, coverage: coverage, path: path)
    }
    return first.serial
  }

  /// The codec named by the first packet's signature.
  private static func identify(_ packet: [UInt8], path: String) throws -> Codec {
    if packet.count >= 7 && packet[0] == 1 && Array(packet[1..<7]) == Array("vorbis".utf8) { return .vorbis }
    if packet.count >= 8 && Array(packet[0..<8]) == Array("OpusHead".utf8) { return .opus }
    if packet.count >= 9 && packet[0] == 0x7F && Array(packet[1..<5]) == Array("FLAC".utf8) { return .flac }
    throw TagError.invalid(
      path: path, reason: "Ogg stream holds neither Vorbis, Opus nor FLAC (first packet is not an identification header)")
  }

  /// An Ogg FLAC first packet: 0x7F "FLAC", the mapping's version (1.x), the header count, "fLaC", then
  /// the STREAMINFO block (its 4-byte header and 34 bytes).
  private static func flacStreamInfo(_ packet: [UInt8], path: String) throws -> (rate: Int, channels: Int, bits: Int) {
    guard packet.count >= 51, packet[5] == 1, Array(packet[9..<13]) == Array("fLaC".utf8), packet[13] & 0x7F == 0 else {
      throw TagError.invalid(
        path: path, reason: "Ogg FLAC first packet is not a version 1 mapping header with a STREAMINFO block")
    }
    let s = 17
    let rate = Int(packet[s + 10]) << 12 | Int(packet[s + 11]) << 4 | Int(packet[s + 12]) >> 4
    let channels = Int((packet[s + 12] >> 1) & 0x07) + 1
    let bits = Int(((packet[s + 12] & 0x01) << 4) | (packet[s + 13] >> 4)) + 1
    guard rate > 0 else { throw TagError.invalid(path: path, reason: "Ogg FLAC STREAMINFO gives a sample rate of 0") }
    return (rate, channels, bits)
  }

  /// The Ogg FLAC packet after the first: a VORBIS_COMMENT metadata block (type 4), as the mapping requires.
  private static func flacComments(_ packet: [UInt8], path: String, warnings: inout [String]) throws -> VorbisComments {
    guard packet.count >= 4, packet[0] & 0x7F == 4 else {
      throw TagError.invalid(path: path, reason: "Ogg FLAC stream's second packet is not a VORBIS_COMMENT block")
    }
    let result = packet.withUnsafeBytes { VorbisComments.parse($0, 4..<$0.count, place: "Ogg FLAC VORBIS_COMMENT block") }
    switch result {
    case .success(var parsed):
      parsed.tags.versions = ["Ogg", "FLAC", "VorbisComment"]
      warnings += parsed.warnings
      return parsed
    case .failure(let failure):
      throw TagError.invalid(path: path, reason: failure.reason)
    }
  }

  private static func comments(
    _ packet: [UInt8], prefix: Int, path: String, warnings: inout [String], versions: [String]
  ) throws -> VorbisComments {
    let signature = prefix == 7 ? [3] + Array("vorbis".utf8) : Array("OpusTags".utf8)
    guard packet.count >= prefix, Array(packet[0..<prefix]) == signature else {
      throw TagError.invalid(path: path, reason: "Ogg stream's second packet is not a comment header")
    }
    let result = packet.withUnsafeBytes { VorbisComments.parse($0, prefix..<$0.count, place: "Ogg comment header") }
    switch result {
    case .success(var parsed):
      parsed.tags.versions = versions
      warnings += parsed.warnings
      return parsed
    case .failure(let failure):
      throw TagError.invalid(path: path, reason: failure.reason)
    }
  }

  /// The page at `offset`, or an error naming it.
  private static func page(_ buffer: UnsafeRawBufferPointer, at offset: Int, coverage: Coverage, path: String) throws
    -> OggPage
  {
    guard coverage.covers(offset..<min(buffer.count, offset + OggPage.headerSize + 255)) else { throw NeedWholeFile() }
    switch OggPage.read(buffer, at: offset, checkCRC: false) {
    case .success(let page):
      guard coverage.covers(offset..<page.end) else { throw NeedWholeFile() }
      if OggCRC.checksum(buffer, offset..<page.end) != buffer.le32(offset + 22) {
        throw TagError.invalid(path: path, reason: "Ogg page \(page.sequence) at byte \(offset) fails its CRC check")
      }
      return page
    case .failure(.notAPage):
      throw TagError.invalid(path: path, reason: "no Ogg page at byte \(offset) (the stream is broken there)")
    case .failure(.badVersion(let version)):
      throw TagError.invalid(path: path, reason: "Ogg page at byte \(offset) has version \(version), not 0")
    case .failure(.cutOff(let needed)):
      throw TagError.truncated(
        path: path, reason: "Ogg page at byte \(offset) needs \(needed) bytes but the file has \(buffer.count - offset)")
    case .failure(.badCRC):
      throw TagError.invalid(path: path, reason: "Ogg page at byte \(offset) fails its CRC check")
    }
  }

  /// The last intact page of stream `serial` that ends a packet, found by searching back from the end.
  private static func lastPage(
    _ buffer: UnsafeRawBufferPointer, serial: UInt32, coverage: Coverage, path: String, warnings: inout [String]
  ) throws -> OggPage {
    var k = buffer.count - OggPage.headerSize
    let floor = coverage.isWhole ? 0 : coverage.tailStart
    var skipped = false
    while k >= floor {
      if buffer[k] == 0x4F, case .success(let page) = OggPage.read(buffer, at: k), page.serial == serial,
        page.granule != -1
      {
        if skipped || page.end != buffer.count {
          warnings.append(
            "Ogg stream: \(buffer.count - page.end) bytes after the last intact page (at byte \(page.offset)) were ignored")
        }
        return page
      }
      if buffer[k] == 0x4F && buffer.matches(OggPage.capture, at: k) { skipped = true }
      k -= 1
    }
    if !coverage.isWhole { throw NeedWholeFile() }
    throw TagError.invalid(path: path, reason: "Ogg stream has no intact page with a granule position")
  }

  private static func le32(_ bytes: [UInt8], _ i: Int) -> UInt32 {
    UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24
  }
}
