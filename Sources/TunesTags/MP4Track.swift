// One audio track of an MP4 file as tunes needs it: its codec, channels, rate, length in samples (mdhd)
// and edit list. Read from trak → mdia → (mdhd, hdlr, minf → stbl → stsd) and trak → edts → elst.

struct MP4Track {
  var codec: String
  var channels: Int
  var sampleRate: Int
  var bitsPerSample: Int?
  /// The media's time scale (mdhd) and length in samples at `sampleRate`.
  var timeScale: Int
  var duration: Int
  /// The first non-empty edit: its length in the movie's time scale.
  var editDuration: Int?

  /// The length the edit list keeps, in samples; nil without an edit list.
  func editedSamples(movieScale: Int) -> Int? {
    guard let editDuration, editDuration > 0, movieScale > 0 else { return nil }
    return Int((Double(editDuration) * Double(sampleRate) / Double(movieScale)).rounded())
  }

  /// The track in `trak`, or nil when it is not audio.
  static func read(_ buffer: UnsafeRawBufferPointer, _ trak: MP4Atom, path: String) throws -> MP4Track? {
    let parts = try MP4Reader.children(buffer, trak, path: path)
    guard let mdia = parts.first(where: { $0.type == MP4Atom.code("mdia") }) else { return nil }
    let media = try MP4Reader.children(buffer, mdia, path: path)
    guard let hdlr = media.first(where: { $0.type == MP4Atom.code("hdlr") }), hdlr.body.count >= 12,
      buffer.be32(hdlr.body.lowerBound + 8) == MP4Atom.code("soun")
    else { return nil }
    guard let mdhd = media.first(where: { $0.type == MP4Atom.code("mdhd") }) else {
      throw TagError.invalid(path: path, reason: "MP4 audio track at byte \(trak.offset) has no mdhd atom")
    }
    let m = mdhd.body.lowerBound
    let wide = mdhd.body.count > 0 && buffer[m] == 1
    guard mdhd.body.count >= (wide ? 32 : 20) else {
      throw TagError.invalid(path: path, reason: "MP4 mdhd atom at byte \(mdhd.offset) is \(mdhd.body.count) bytes, too short")
    }
    let timeScale = Int(buffer.be32(m + (wide ? 20 : 12)))
    let rawDuration =
      wide
      ? Int(UInt64(buffer.be32(m + 24)) << 32 | UInt64(buffer.be32(m + 28)) & 0x7FFF_FFFF_FFFF_FFFF) : Int(buffer.be32(m + 16))

    var track = MP4Track(codec: "", channels: 0, sampleRate: 0, timeScale: timeScale, duration: 0)
    try track.readSampleEntry(buffer, media, path: path)
    if track.sampleRate == 0 { track.sampleRate = timeScale }
    guard track.sampleRate > 0, timeScale > 0 else {
      throw TagError.invalid(path: path, reason: "MP4 audio track at byte \(trak.offset) has a time scale or sample rate of 0")
    }
    track.duration =
      timeScale == track.sampleRate
      ? rawDuration : Int((Double(rawDuration) * Double(track.sampleRate) / Double(timeScale)).rounded())
    if let edts = parts.first(where: { $0.type == MP4Atom.code("edts") }),
      let elst = try MP4Reader.children(buffer, edts, path: path).first(where: { $0.type == MP4Atom.code("elst") })
    {
      track.editDuration = firstEdit(buffer, elst)
    }
    return track
  }

  /// stsd's first sample entry: the codec's four letters, channels and rate (ALAC's own config when present).
  private mutating func readSampleEntry(_ buffer: UnsafeRawBufferPointer, _ media: [MP4Atom], path: String) throws {
    guard let minf = media.first(where: { $0.type == MP4Atom.code("minf") }),
      let stbl = try MP4Reader.children(buffer, minf, path: path).first(where: { $0.type == MP4Atom.code("stbl") }),
      let stsd = try MP4Reader.children(buffer, stbl, path: path).first(where: { $0.type == MP4Atom.code("stsd") }),
      stsd.body.count >= 8
    else { throw TagError.invalid(path: path, reason: "MP4 audio track has no sample description (stsd)") }
    let entries = try MP4Reader.check(
      MP4Atom.children(buffer, stsd.body.lowerBound + 8..<stsd.end), path: path, parent: "stsd")
    guard let entry = entries.first, entry.body.count >= 28 else {
      throw TagError.invalid(path: path, reason: "MP4 stsd atom at byte \(stsd.offset) has no audio sample entry")
    }
    let e = entry.body.lowerBound
    switch entry.type {
    case MP4Atom.code("mp4a"): codec = "aac"
    case MP4Atom.code("alac"): codec = "alac"
    default: codec = entry.name.lowercased().trimmingSpaces()
    }
    channels = Int(buffer.be16(e + 16))
    bitsPerSample = Int(buffer.be16(e + 18))
    sampleRate = Int(buffer.be32(e + 24) >> 16)
    // QuickTime's sound description versions 1 and 2 put 16 and 36 more bytes before the children.
    let version = Int(buffer.be16(e + 8))
    let children = e + 28 + (version == 1 ? 16 : version == 2 ? 36 : 0)
    if entry.type == MP4Atom.code("mp4a"), children < entry.end,
      let decoded = MP4AudioConfig.aacChannels(buffer, children: children..<entry.end)
    {
      channels = decoded
    }
    // ALAC keeps the exact rate and depth in its own config atom (the entry's 16.16 rate tops out at 65535).
    if entry.type == MP4Atom.code("alac"), case .success(let inner) = MP4Atom.children(buffer, e + 28..<entry.end),
      let config = inner.first(where: { $0.type == MP4Atom.code("alac") }), config.body.count >= 28
    {
      let c = config.body.lowerBound + 4
      bitsPerSample = Int(buffer[c + 5])
      channels = Int(buffer[c + 9])
      sampleRate = Int(buffer.be32(c + 20))
    }
    // FLAC in MP4 keeps its STREAMINFO in a `dfLa` atom: the exact rate (past the entry's 16.16 field),
    // channels and sample size, which a filter on the song's format reads as the FLAC file's own. Without
    // it the entry's sample size is not trusted.
    if entry.type == MP4Atom.code("fLaC") { bitsPerSample = nil }
    if entry.type == MP4Atom.code("fLaC"), children < entry.end,
      case .success(let inner) = MP4Atom.children(buffer, children..<entry.end),
      let config = inner.first(where: { $0.type == MP4Atom.code("dfLa") }), config.body.count >= 4 + 4 + 18,
      buffer[config.body.lowerBound + 4] & 0x7F == 0
    {
      // Past the atom's version and flags and the block header: STREAMINFO's bytes 10-13 hold 20 bits of
      // rate, 3 of channels - 1 and 5 of bits per sample - 1.
      let s = config.body.lowerBound + 8
      let rate = Int(buffer[s + 10]) << 12 | Int(buffer[s + 11]) << 4 | Int(buffer[s + 12]) >> 4
      if rate > 0 { sampleRate = rate }
      channels = Int((buffer[s + 12] >> 1) & 0x07) + 1
      bitsPerSample = Int(buffer[s + 12] & 0x01) << 4 + Int(buffer[s + 13] >> 4) + 1
    }
  }

  /// The length of the first edit that shows media (an empty edit has media time -1).
  private static func firstEdit(_ buffer: UnsafeRawBufferPointer, _ elst: MP4Atom) -> Int? {
    let b = elst.body
    guard b.count >= 8 else { return nil }
    let wide = buffer[b.lowerBound] == 1
    let count = Int(buffer.be32(b.lowerBound + 4))
    let size = wide ? 20 : 12
    var p = b.lowerBound + 8
    for _ in 0..<min(count, (b.count - 8) / size) {
      let duration =
        wide ? Int(UInt64(buffer.be32(p)) << 32 & 0x7FFF_FFFF_0000_0000 | UInt64(buffer.be32(p + 4))) : Int(buffer.be32(p))
      let mediaTime = wide ? Int32(bitPattern: buffer.be32(p + 12)) : Int32(bitPattern: buffer.be32(p + 4))
      if mediaTime != -1 { return duration }
      p += size
    }
    return nil
  }
}
