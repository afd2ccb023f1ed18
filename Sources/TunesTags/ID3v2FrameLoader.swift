// Loads what ID3v2Parser reads of a leading ID3v2 tag larger than TagReader's head, without its pictures:
// each frame header, the bodies of the frames the parser interprets, and the first audio after the tag.
// A 10 MB cover (APIC) is then never read at index time; it is read only when asked for (PictureReader).
// The walk follows the parser's own steps (frame sizes, padding, the v2.4 size reading) and gives up,
// leaving the whole file to be read, wherever the parser would look at bytes the walk has not loaded:
// a v2.2/2.3 body unsynchronised as a whole, garbage between frames, a tag cut off by the file's end.

enum ID3v2FrameLoader {
  /// Loads (through `load`) the frames of the leading tags from byte 0 that lie outside `coverage`, and
  /// `audioBytes` from where the tags end; marks each tag as `framesLoaded` in `coverage`. Returns the
  /// bytes loaded, or nil when the parser could not work from them (the caller then reads the whole file).
  static func load(
    _ buffer: UnsafeRawBufferPointer, coverage: inout Coverage, audioBytes: Int, load: (Range<Int>) throws -> Void
  ) throws -> Int? {
    var loaded = 0
    var local = coverage
    func need(_ range: Range<Int>) throws {
      let range = max(0, range.lowerBound)..<min(buffer.count, range.upperBound)
      guard !local.covers(range) else { return }
      try load(range)
      local.extra.append(range)
      loaded += range.count
    }
    var offset = 0
    // As many leading tags as TagReader.parse reads.
    for _ in 0..<4 {
      try need(offset..<offset + ID3v2Parser.headerSize)
      guard let size = ID3v2Parser.tagSize(buffer, at: offset) else { break }
      guard offset + size <= buffer.count else { return nil }
      if !local.covers(offset..<offset + size) {
        guard try frames(buffer, tagAt: offset, need: need) else { return nil }
        local.framesLoaded.append(offset)
      }
      offset += size
    }
    try need(offset..<offset + audioBytes)
    coverage = local
    return loaded
  }

  /// Loads the frame headers and wanted frame bodies of the tag at `offset`; false when the parser would
  /// read bytes this walk cannot know it needs.
  private static func frames(_ buffer: UnsafeRawBufferPointer, tagAt offset: Int, need: (Range<Int>) throws -> Void) throws
    -> Bool
  {
    let version = Int(buffer[offset + 3])
    let flags = buffer[offset + 5]
    guard version >= 2 && version <= 4 else { return true }  // the parser skips it unread
    // v2.2 compression is skipped unread; a v2.2/2.3 body unsynchronised as a whole is decoded whole.
    if version == 2 && flags & 0x40 != 0 { return true }
    if version < 4 && flags & 0x80 != 0 { return false }
    let bodyStart = offset + ID3v2Parser.headerSize
    let bodyEnd = bodyStart + Int(buffer.syncsafe32(offset + 6))
    let h = version == 2 ? 6 : 10
    var pos = bodyStart
    if version >= 3 && flags & 0x40 != 0 {
      try need(pos..<min(bodyEnd, pos + 4))
      guard pos + 4 <= bodyEnd else { return true }  // the parser warns and reads no frame
      let skip = version == 3 ? 4 + Int(buffer.be32(pos)) : Int(buffer.syncsafe32(pos))
      guard skip >= 4, skip <= bodyEnd - bodyStart else { return true }
      pos += skip
    }
    /// Whether a frame may end at `p`, as the parser's v2.4 size check decides it (loading what it reads).
    func isBoundary(_ p: Int) throws -> Bool {
      if p == bodyEnd { return true }
      guard p < bodyEnd else { return false }
      try need(p..<min(bodyEnd, p + h))
      if buffer[p] == 0 {
        try need(p..<bodyEnd)  // padding: the parser checks it is zeros to the end
        return buffer.sub(p..<bodyEnd).allSatisfy { $0 == 0 }
      }
      return p + h <= bodyEnd && isFrameID(buffer, p, width: 4)
    }
    while pos + h <= bodyEnd {
      try need(pos..<pos + h)
      if buffer[pos] == 0 { return true }  // padding: the parser stops at its first byte
      guard isFrameID(buffer, pos, width: version == 2 ? 3 : 4) else { return false }  // the parser resyncs
      let size: Int
      switch version {
      case 2: size = Int(buffer.be24(pos + 3))
      case 3: size = Int(buffer.be32(pos + 4))
      default:
        let plain = buffer.be32(pos + 4)
        let syncsafe = buffer.syncsafe32(pos + 4)
        if plain == syncsafe || plain & 0x8080_8080 != 0 {
          size = Int(plain)
        } else if try isBoundary(pos + 10 + Int(syncsafe)) {
          size = Int(syncsafe)
        } else {
          return false  // the parser would test the plain reading too, anywhere in the tag
        }
      }
      let dataEnd = pos + h + size
      guard dataEnd <= bodyEnd else { return true }  // the parser warns and stops here
      let raw = version == 2 ? buffer.be24(pos) : buffer.be32(pos)
      let id = version == 2 ? FrameID.fromV22(raw) : raw
      if FrameID.isWanted(id) && size > 0 { try need(pos + h..<dataEnd) }
      pos = dataEnd
    }
    return true
  }

  private static func isFrameID(_ buffer: UnsafeRawBufferPointer, _ pos: Int, width: Int) -> Bool {
    guard buffer.has(pos, width) else { return false }
    for k in 0..<width {
      let c = buffer[pos + k]
      guard (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) else { return false }
    }
    return true
  }
}
