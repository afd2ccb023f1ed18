// ID3v2.2, 2.3 and 2.4 tags: the header, extended header, unsynchronisation, frame headers and flags, and
// recovery from damage (garbage between frames, frames running past the tag, non-syncsafe v2.4 sizes).
// Frame contents are interpreted by ID3v2FrameCollector.

/// One ID3v2 tag as read from bytes.
public struct ID3v2Tag: Sendable, Equatable {
  /// Major version: 2, 3 or 4.
  public var version: Int
  public var revision: Int
  /// Bytes the tag occupies from its first byte: header, frames, padding and footer.
  public var size: Int
  /// The header declares more bytes than the input holds; the frames that fit were still read.
  public var isTruncated: Bool
  public var tags: TagSet
  /// Problems that did not stop reading, each naming the frame or byte offset.
  public var warnings: [String]
  /// The attached pictures (APIC, v2.2 PIC) in tag order; read only when asked for.
  public var pictures: [EmbeddedPicture] = []
  /// Synced lyrics timed in MPEG frames, which TagReader converts once it knows the stream's frame length.
  var frameTimedLyrics: MPEGFrameLyrics? = nil
}

public enum ID3v2Parser {
  public static let headerSize = 10

  /// Parses the ID3v2 tag that starts `bytes`; nil when `bytes` does not start with a valid ID3v2 header.
  public static func parse(_ bytes: [UInt8]) -> ID3v2Tag? {
    bytes.withUnsafeBytes { parse($0, at: 0) }
  }

  /// The total size of the tag whose header is at `offset` (header, body and footer), or nil when there
  /// is no valid ID3v2 header there.
  static func tagSize(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> Int? {
    guard buffer.has(offset, headerSize), buffer.matches("ID3", at: offset) else { return nil }
    let version = buffer[offset + 3]
    let revision = buffer[offset + 4]
    guard version != 0xFF, revision != 0xFF, buffer.be32(offset + 6) & 0x8080_8080 == 0 else { return nil }
    let footer = version >= 4 && buffer[offset + 5] & 0x10 != 0 ? 10 : 0
    return headerSize + Int(buffer.syncsafe32(offset + 6)) + footer
  }

  /// Parses the tag whose header is at `offset` of `buffer`; warnings give byte offsets within `buffer`.
  /// Attached pictures are copied out only `withPictures`: indexing never needs their bytes.
  static func parse(_ buffer: UnsafeRawBufferPointer, at offset: Int, withPictures: Bool = false) -> ID3v2Tag? {
    guard let size = tagSize(buffer, at: offset) else { return nil }
    let version = Int(buffer[offset + 3])
    let flags = buffer[offset + 5]
    let bodyStart = offset + headerSize
    let declaredEnd = offset + headerSize + Int(buffer.syncsafe32(offset + 6))
    let bodyEnd = min(declaredEnd, buffer.count)
    var tag = ID3v2Tag(
      version: version, revision: Int(buffer[offset + 4]), size: size,
      isTruncated: offset + size > buffer.count, tags: TagSet(), warnings: [])
    if tag.isTruncated {
      tag.warnings.append(
        "ID3v2.\(version) tag at byte \(offset) declares \(size) bytes but only \(buffer.count - offset) remain")
    }
    guard version >= 2 && version <= 4 else {
      tag.warnings.append("ID3v2.\(version) tag at byte \(offset) has an unknown version; skipped")
      return tag
    }
    if version == 2 && flags & 0x40 != 0 {
      tag.warnings.append("ID3v2.2 tag at byte \(offset) is compressed (no reader supports that); skipped")
      return tag
    }
    var reader = FrameReader(version: version, tagUnsynchronised: flags & 0x80 != 0, base: bodyStart)
    reader.wantsPictures = withPictures
    let body = buffer.sub(bodyStart..<max(bodyStart, bodyEnd))
    if version < 4 && flags & 0x80 != 0 && Unsynchronisation.isNeeded(body) {
      // v2.2/2.3 unsynchronise the whole body, extended header included: undo it before reading frames.
      // Offsets in warnings are then offsets in the decoded body.
      let decoded = Unsynchronisation.decode(body)
      decoded.withUnsafeBytes { reader.readBody($0, hasExtendedHeader: flags & 0x40 != 0) }
    } else {
      reader.readBody(body, hasExtendedHeader: version >= 3 && flags & 0x40 != 0)
    }
    tag.tags = reader.collector.tagSet()
    tag.tags.versions = ["ID3v2.\(version)"]
    tag.warnings += reader.collector.warnings
    tag.pictures = reader.collector.pictures
    tag.frameTimedLyrics = reader.collector.frameTimedLyrics
    return tag
  }
}

/// Walks the frames of one tag body.
struct FrameReader {
  let version: Int
  /// v2.4: the tag-level flag means every frame is unsynchronised.
  let tagUnsynchronised: Bool
  /// File offset of the body's first byte, for warnings.
  let base: Int
  var collector = ID3v2FrameCollector()
  /// Read APIC and PIC frames too.
  var wantsPictures = false
  private var warnedSizes = false

  init(version: Int, tagUnsynchronised: Bool, base: Int) {
    self.version = version
    self.tagUnsynchronised = tagUnsynchronised
    self.base = base
    collector.joinsListsWithSlash = version < 4
  }

  private var headerLength: Int { version == 2 ? 6 : 10 }
  private var tagName: String { "ID3v2.\(version)" }

  mutating func readBody(_ body: UnsafeRawBufferPointer, hasExtendedHeader: Bool) {
    var pos = 0
    if hasExtendedHeader {
      guard body.has(0, 4) else {
        collector.warnings.append("\(tagName) extended header at byte \(base) is cut off; no frames read")
        return
      }
      // v2.3 gives the size without its own 4 size bytes; v2.4 gives it syncsafe and including them.
      let skip = version == 3 ? 4 + Int(body.be32(0)) : Int(body.syncsafe32(0))
      guard skip >= 4, skip <= body.count else {
        collector.warnings.append(
          "\(tagName) extended header at byte \(base) declares \(skip) bytes, more than the tag holds; no frames read")
        return
      }
      pos = skip
    }
    readFrames(body, from: pos)
  }

  private mutating func readFrames(_ body: UnsafeRawBufferPointer, from start: Int) {
    let end = body.count
    let h = headerLength
    var pos = start
    while pos + h <= end {
      if body[pos] == 0 { break }  // padding
      guard isFrameID(body, pos) else {
        let garbageStart = pos
        guard let next = resync(body, from: pos + 1) else {
          collector.warnings.append(
            "\(tagName): \(end - garbageStart) bytes of garbage at byte \(base + garbageStart) where a frame should start; rest of the tag skipped"
          )
          return
        }
        collector.warnings.append(
          "\(tagName): \(next - garbageStart) bytes of garbage at byte \(base + garbageStart) skipped up to the next frame")
        pos = next
        continue
      }
      let rawID = version == 2 ? body.be24(pos) : body.be32(pos)
      let size = frameSize(body, at: pos)
      let dataEnd = pos + h + size
      guard dataEnd <= end else {
        collector.warnings.append(
          "\(tagName) frame \(FrameID.name(rawID, width: version == 2 ? 3 : 4)) at byte \(base + pos) declares \(size) bytes but only \(end - pos - h) remain in the tag; rest of the tag skipped"
        )
        return
      }
      let id = version == 2 ? FrameID.fromV22(rawID) : rawID
      if (FrameID.isWanted(id) || wantsPictures && FrameID.isPicture(id)) && size > 0 {
        readFrame(body, id: id, at: pos, dataEnd: dataEnd)
      }
      pos = dataEnd
    }
  }

  /// Handles one wanted frame's flags, then gives its content to the collector.
  private mutating func readFrame(_ body: UnsafeRawBufferPointer, id: UInt32, at pos: Int, dataEnd: Int) {
    var dataStart = pos + headerLength
    var unsynchronised = false
    if version >= 3 {
      let format = body[pos + 9]
      if version == 3 {
        if format & 0x80 != 0 || format & 0x40 != 0 {
          let what = format & 0x80 != 0 ? "compressed" : "encrypted"
          collector.warnings.append("\(tagName) frame \(FrameID.name(id, width: 4)) at byte \(base + pos) is \(what); skipped")
          return
        }
        if format & 0x20 != 0 { dataStart += 1 }  // grouping identity
      } else {
        if format & 0x08 != 0 || format & 0x04 != 0 {
          let what = format & 0x08 != 0 ? "compressed" : "encrypted"
          collector.warnings.append("\(tagName) frame \(FrameID.name(id, width: 4)) at byte \(base + pos) is \(what); skipped")
          return
        }
        if format & 0x40 != 0 { dataStart += 1 }  // grouping identity
        if format & 0x01 != 0 { dataStart += 4 }  // data length indicator
        unsynchronised = format & 0x02 != 0 || tagUnsynchronised
      }
    }
    guard dataStart < dataEnd else {
      collector.warnings.append(
        "\(tagName) frame \(FrameID.name(id, width: 4)) at byte \(base + pos) is too short for its flags; skipped")
      return
    }
    let data = body.sub(dataStart..<dataEnd)
    let label = tagName
    let offset = base + pos
    if unsynchronised && Unsynchronisation.isNeeded(data) {
      let decoded = Unsynchronisation.decode(data)
      decoded.withUnsafeBytes { collector.apply(id, $0, where: "\(label) frame \(FrameID.name(id, width: 4)) at byte \(offset)") }
    } else {
      collector.apply(id, data, where: "\(label) frame \(FrameID.name(id, width: 4)) at byte \(offset)")
    }
  }

  /// The size of the frame at `pos`. v2.4 sizes are syncsafe, but old writers (iTunes among them) wrote
  /// plain integers: a size byte with its top bit set can only be plain; when both readings are possible,
  /// the one after which the next frame (or padding, or the tag's end) starts wins.
  private mutating func frameSize(_ body: UnsafeRawBufferPointer, at pos: Int) -> Int {
    if version == 2 { return Int(body.be24(pos + 3)) }
    let plain = body.be32(pos + 4)
    if version == 3 { return Int(plain) }
    let syncsafe = body.syncsafe32(pos + 4)
    if plain == syncsafe { return Int(plain) }
    if plain & 0x8080_8080 != 0 || (!isBoundary(body, pos + 10 + Int(syncsafe)) && isBoundary(body, pos + 10 + Int(plain))) {
      if !warnedSizes {
        warnedSizes = true
        collector.warnings.append(
          "\(tagName) frame sizes are not syncsafe (written by old software); read as plain integers")
      }
      return Int(plain)
    }
    return Int(syncsafe)
  }

  /// True when a frame may end at `p`: the tag ends there, padding (all zeros) follows, or another frame starts.
  private func isBoundary(_ body: UnsafeRawBufferPointer, _ p: Int) -> Bool {
    if p == body.count { return true }
    guard p < body.count else { return false }
    if body[p] == 0 {
      var i = p
      while i < body.count && body[i] == 0 { i += 1 }
      return i == body.count
    }
    return isFrameID(body, p) && p + headerLength <= body.count
  }

  /// True when the bytes at `pos` are a frame id: upper-case letters and digits.
  private func isFrameID(_ body: UnsafeRawBufferPointer, _ pos: Int) -> Bool {
    let width = version == 2 ? 3 : 4
    guard body.has(pos, width) else { return false }
    for k in 0..<width {
      let c = body[pos + k]
      guard (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) else { return false }
    }
    return true
  }

  /// The next offset after `from` where a plausible frame header starts (an id whose size fits the tag).
  private func resync(_ body: UnsafeRawBufferPointer, from: Int) -> Int? {
    let h = headerLength
    var p = from
    while p + h <= body.count {
      if isFrameID(body, p) {
        let size =
          version == 2
          ? Int(body.be24(p + 3)) : version == 3 ? Int(body.be32(p + 4)) : Int(body.syncsafe32(p + 4))
        if size > 0 && p + h + size <= body.count { return p }
      }
      p += 1
    }
    return nil
  }
}
