// Reads a native FLAC file's metadata blocks: STREAMINFO (rate, channels, bits, the exact sample count
// `flac -d` outputs), VORBIS_COMMENT (tags) and PICTURE (cover art). Hand-written rather than through
// libFLAC's metadata interface so that indexing reads only the head of a file and needs no C library;
// the block layout (RFC 9639 section 8) is a 4-byte header before each block, which is all this walks.
import TunesCore

enum FLACReader {
  static let magic: StaticString = "fLaC"

  /// One metadata block's place in the file.
  struct Block {
    var type: UInt8
    var number: Int
    /// The block's body (after its 4-byte header).
    var body: Range<Int>
  }

  /// Names of the block types in errors, as RFC 9639 names them.
  static func name(_ type: UInt8) -> String {
    switch type {
    case 0: "STREAMINFO"
    case 1: "PADDING"
    case 2: "APPLICATION"
    case 3: "SEEKTABLE"
    case 4: "VORBIS_COMMENT"
    case 5: "CUESHEET"
    case 6: "PICTURE"
    default: "type \(type)"
    }
  }

  /// The metadata blocks of the stream whose "fLaC" marker is at `start`, and where the audio frames
  /// begin; throws with the block number and offset when a block runs past the end of the file.
  static func blocks(_ buffer: UnsafeRawBufferPointer, start: Int, coverage: Coverage, path: String) throws -> (
    blocks: [Block], audioStart: Int
  ) {
    var p = start + 4
    var blocks: [Block] = []
    var number = 0
    while true {
      guard coverage.covers(p..<min(buffer.count, p + 4)) else { throw NeedWholeFile() }
      guard buffer.has(p, 4) else {
        throw TagError.truncated(path: path, reason: "FLAC metadata block \(number) header at byte \(p) is cut off")
      }
      let header = buffer[p]
      let type = header & 0x7F
      let length = Int(buffer.be24(p + 1))
      if type == 127 {
        throw TagError.invalid(path: path, reason: "FLAC metadata block \(number) at byte \(p) has the invalid type 127")
      }
      guard length <= buffer.count - (p + 4) else {
        throw TagError.truncated(
          path: path,
          reason:
            "FLAC metadata block \(number) (\(name(type))) at byte \(p) declares \(length) bytes but the file has only \(buffer.count - p - 4) after its header"
        )
      }
      blocks.append(Block(type: type, number: number, body: p + 4..<p + 4 + length))
      p += 4 + length
      number += 1
      if header & 0x80 != 0 { break }
    }
    return (blocks, p)
  }

  /// Loads (through `load`) what `parse` reads of a FLAC file that starts with "fLaC" and is not all in
  /// `coverage`: each block header, the STREAMINFO and VORBIS_COMMENT bodies and, for a stream without a
  /// signature, the first hashed window of audio, skipping the bodies of the other blocks (pictures, padding, seek tables), as MPD reads
  /// only STREAMINFO and the comments. Adds the loaded ranges to `coverage`; returns the bytes loaded.
  /// Stops at a header that runs past the end of the file: `parse` then says what is wrong.
  static func loadMetadata(
    _ buffer: UnsafeRawBufferPointer, coverage: inout Coverage, load: (Range<Int>) throws -> Void
  ) throws -> Int {
    var loaded = 0
    func need(_ range: Range<Int>) throws {
      let range = max(0, range.lowerBound)..<min(buffer.count, range.upperBound)
      guard !coverage.covers(range) else { return }
      try load(range)
      coverage.extra.append(range)
      loaded += range.count
    }
    var p = 4
    var signed = false
    while p + 4 <= buffer.count {
      // Each header alone: the bodies the reader does not parse are never read.
      try need(p..<p + 4)
      let header = buffer[p]
      let type = header & 0x7F
      let length = Int(buffer.be24(p + 1))
      if p + 4 + length > buffer.count { return loaded }
      if type == 0 || type == 4 { try need(p + 4..<p + 4 + length) }
      if type == 0 && length >= 34 { signed = AudioHash.signature(buffer, at: p + 4 + 18) != nil }
      p += 4 + length
      if header & 0x80 != 0 {
        if !signed { try need(p..<p + AudioHash.window) }
        break
      }
    }
    return loaded
  }

  /// Tags and audio properties of the FLAC stream at `start` (after any ID3v2 tags, which `tags` holds).
  static func parse(
    _ buffer: UnsafeRawBufferPointer, start: Int, tags leading: TagSet, warnings leadingWarnings: [String],
    coverage: Coverage, path: String
  ) throws -> FileMetadata {
    let (blocks, audioStart) = try blocks(buffer, start: start, coverage: coverage, path: path)
    var warnings = leadingWarnings
    guard let info = blocks.first, info.type == 0 else {
      throw TagError.invalid(path: path, reason: "FLAC stream at byte \(start) does not begin with a STREAMINFO block")
    }
    guard info.body.count >= 34 else {
      throw TagError.invalid(
        path: path, reason: "FLAC STREAMINFO block at byte \(info.body.lowerBound - 4) is \(info.body.count) bytes, not 34")
    }
    let s = info.body.lowerBound
    guard coverage.covers(s..<s + 34) else { throw NeedWholeFile() }
    let sampleRate = Int(buffer.be32(s + 10) >> 12)
    let channels = Int((buffer[s + 12] >> 1) & 0x07) + 1
    let bits = Int(((buffer[s + 12] & 0x01) << 4) | (buffer[s + 13] >> 4)) + 1
    let samples = Int(buffer[s + 13] & 0x0F) << 32 | Int(buffer.be32(s + 14))
    guard sampleRate > 0 else {
      throw TagError.invalid(path: path, reason: "FLAC STREAMINFO at byte \(s - 4) gives a sample rate of 0")
    }
    if samples == 0 { warnings.append("FLAC STREAMINFO gives no sample count; the length is unknown") }

    var tags = TagSet()
    tags.versions = ["FLAC"]
    var comments = false
    var pairs: [TagPair] = []
    for block in blocks where block.type == 4 {
      guard coverage.covers(block.body) else { throw NeedWholeFile() }
      if comments {
        warnings.append("FLAC metadata block \(block.number): a second VORBIS_COMMENT block was ignored")
        continue
      }
      switch VorbisComments.parse(buffer, block.body, place: "FLAC metadata block \(block.number) (VORBIS_COMMENT)") {
      case .success(let parsed):
        let versions = tags.versions
        tags = parsed.tags
        tags.versions = versions + ["VorbisComment"]
        pairs = parsed.pairs
        warnings += parsed.warnings
        comments = true
      case .failure(let failure):
        throw TagError.invalid(path: path, reason: failure.reason)
      }
    }
    tags.fillGaps(from: leading)

    let audioEnd = buffer.count
    guard audioStart <= audioEnd else {
      throw TagError.truncated(path: path, reason: "FLAC metadata ends past the end of the file")
    }
    // A signed stream is named by its signature: no byte of its audio is needed.
    let hash: String
    if let signature = AudioHash.signature(buffer, at: s + 18) {
      hash = signature
    } else {
      let hashed =
        audioEnd - audioStart <= 2 * AudioHash.window
        ? [audioStart..<audioEnd]
        : [audioStart..<audioStart + AudioHash.window, audioEnd - AudioHash.window..<audioEnd]
      for range in hashed where !coverage.covers(range) { throw NeedWholeFile() }
      hash = AudioHash.hex(buffer, audioStart..<audioEnd)
    }
    // A file cut short still carries the whole stream's count: its last frame says what it holds.
    var held = samples
    var lengthSource = "STREAMINFO"
    // The same tail whole or partly read (TagReader.flacTailBytes loads it): a partial read that does not
    // hold it (a trailing tag pushed it back) asks for the whole file, so both reads agree.
    let tailStart = max(audioStart, audioEnd - FLACTail.bytesNeeded(maxFrameSize: Int(buffer.be24(s + 7))))
    if tailStart < audioEnd && !coverage.covers(tailStart..<audioEnd) { throw NeedWholeFile() }
    if tailStart < audioEnd,
      let cut = FLACTail.samplesHeld(
        tail: UnsafeRawBufferPointer(rebasing: buffer[tailStart..<audioEnd]), total: samples,
        blockSize: Int(buffer.be16(s)), channels: channels)
    {
      warnings.append("FLAC stream cut short: STREAMINFO gives \(samples) samples, the file holds \(cut)")
      held = cut
      lengthSource = "last frame"
    }
    var audio = AudioProperties(
      durationMs: StreamMath.milliseconds(samples: held, rate: sampleRate), sampleRate: sampleRate,
      channels: channels, bitrate: StreamMath.kbps(bytes: audioEnd - audioStart, samples: held, rate: sampleRate),
      lengthSource: lengthSource, audioOffset: audioStart, audioLength: audioEnd - audioStart,
      audioHash: hash)
    audio.sampleCount = held
    audio.codec = "flac"
    audio.bitsPerSample = bits
    audio.mpegVersion = ""
    var metadata = FileMetadata(tags: tags, audio: audio, warnings: warnings)
    metadata.comments = pairs
    return metadata
  }
}
