// The picture embedded in a file: an MP3's leading ID3v2 tag (APIC, or PIC in v2.2), a FLAC PICTURE
// block, an Ogg METADATA_BLOCK_PICTURE comment or an MP4 `covr` atom: what MPD's `readpicture` sends.
// Reads only the tags, never the audio, and is separate from TagReader so indexing never copies image bytes.

#if canImport(Glibc)
  import Glibc
#endif

/// One attached picture of an ID3v2 tag.
public struct EmbeddedPicture: Sendable, Equatable {
  /// As the tag gives it ("image/jpeg"); v2.2's formats are mapped ("JPG" → "image/jpeg"). nil if absent.
  public var mimeType: String?
  /// ID3v2's picture type: 3 is the front cover, 0 "other".
  public var pictureType: UInt8
  public var data: [UInt8]

  public init(mimeType: String?, pictureType: UInt8, data: [UInt8]) {
    self.mimeType = mimeType
    self.pictureType = pictureType
    self.data = data
  }

  static let frontCover: UInt8 = 3
}

public enum PictureReader {
  /// Tags larger than this are not read for a picture (the format allows 256 MB; real covers are a few MB).
  static let largestTag = 64 * 1024 * 1024

  /// The front cover embedded in the file at `path`, else its first picture; nil when it has none.
  /// Throws `TagError.unreadable` when the file cannot be read; a damaged tag yields what could be read.
  public static func picture(path: String) throws -> EmbeddedPicture? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw TagError.unreadable(path: path, reason: String(cString: strerror(errno))) }
    defer { close(fd) }
    var offset = 0
    var pictures: [EmbeddedPicture] = []
    // Some files carry more than one leading tag (see TagReader).
    for _ in 0..<4 {
      let header = try read(fd, at: offset, count: ID3v2Parser.headerSize, path: path)
      guard let size = header.withUnsafeBytes({ ID3v2Parser.tagSize($0, at: 0) }), size <= largestTag else { break }
      let tag = try read(fd, at: offset, count: size, path: path)
      guard let parsed = tag.withUnsafeBytes({ ID3v2Parser.parse($0, at: 0, withPictures: true) }) else { break }
      pictures += parsed.pictures
      if parsed.isTruncated { break }
      offset += size
    }
    if pictures.isEmpty {
      let head = try read(fd, at: offset, count: AudioFileKind.sniffBytes, path: path)
      switch head.withUnsafeBytes({ AudioFileKind.detect($0) }) {
      case .flac: pictures = try flacPictures(fd, start: offset, path: path)
      case .ogg where offset == 0: pictures = try oggPictures(fd, path: path)
      case .mp4 where offset == 0: pictures = try mp4Pictures(fd, path: path)
      default: break
      }
    }
    return pictures.first { $0.pictureType == EmbeddedPicture.frontCover } ?? pictures.first
  }

  /// The PICTURE blocks of the FLAC stream whose marker is at `start`, read block by block.
  private static func flacPictures(_ fd: Int32, start: Int, path: String) throws -> [EmbeddedPicture] {
    var pictures: [EmbeddedPicture] = []
    var p = start + 4
    // RFC 9639 allows any number of blocks; real files have a handful, so a damaged chain stops soon.
    for _ in 0..<1024 {
      let header = try read(fd, at: p, count: 4, path: path)
      guard header.count == 4 else { break }
      let length = Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
      if header[0] & 0x7F == 6 && length <= largestTag {
        let body = try read(fd, at: p + 4, count: length, path: path)
        if let picture = body.withUnsafeBytes({ FLACPicture.parse($0) }) { pictures.append(picture) }
      }
      if header[0] & 0x80 != 0 { break }
      p += 4 + length
    }
    return pictures
  }

  /// The METADATA_BLOCK_PICTURE comments of an Ogg Vorbis or Opus file: the head of the file is read,
  /// four times more each time the comment header is not complete in it.
  private static func oggPictures(_ fd: Int32, path: String) throws -> [EmbeddedPicture] {
    var size = 64 * 1024
    while true {
      let bytes = try read(fd, at: 0, count: size, path: path)
      let packets: [[UInt8]]? = bytes.withUnsafeBytes { buffer in
        guard case .success(let first) = OggPage.read(buffer, at: 0) else { return [] }
        var assembler = PacketAssembler(serial: first.serial)
        var offset = 0
        while assembler.packets.count < 2 {
          guard case .success(let page) = OggPage.read(buffer, at: offset) else {
            // Cut off by the window (read more) or broken (give up).
            return bytes.count == size ? nil : []
          }
          if page.serial == first.serial { assembler.add(page, buffer) }
          offset = page.end
        }
        return assembler.packets
      }
      guard let packets else {
        if size >= largestTag { return [] }
        size *= 4
        continue
      }
      guard packets.count >= 2 else { return [] }
      let comment = packets[1]
      let prefix = comment.starts(with: Array("OpusTags".utf8)) ? 8 : 7
      guard comment.count >= prefix else { return [] }
      let parsed = comment.withUnsafeBytes { VorbisComments.parse($0, prefix..<$0.count, place: "Ogg comment header") }
      guard case .success(let comments) = parsed else { return [] }
      return comments.pictureFields.compactMap { FLACPicture.parse(base64: $0) }
    }
  }

  /// The `covr` pictures of an MP4 file: the top-level atom headers are read, then moov whole.
  private static func mp4Pictures(_ fd: Int32, path: String) throws -> [EmbeddedPicture] {
    var p = 0
    for _ in 0..<64 {
      let header = try read(fd, at: p, count: 16, path: path)
      guard header.count >= 8 else { return [] }
      var size = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
      if size == 1 && header.count == 16 {
        size = header[8..<16].reduce(0) { $0 << 8 | Int($1) }
      }
      guard size >= 8 else { return [] }
      if header[4..<8].elementsEqual("moov".utf8) {
        guard size <= largestTag else { return [] }
        let moov = try read(fd, at: p, count: size, path: path)
        return moov.withUnsafeBytes { covers($0) }
      }
      p += size
    }
    return []
  }

  /// The pictures of moov's udta/meta/ilst/covr, `buffer` holding the moov atom.
  private static func covers(_ buffer: UnsafeRawBufferPointer) -> [EmbeddedPicture] {
    guard case .success(let top) = MP4Atom.children(buffer, 0..<buffer.count), let moov = top.first,
      let movie = try? MP4Reader.children(buffer, moov, path: ""),
      let udta = movie.first(where: { $0.type == MP4Atom.code("udta") }),
      let meta = try? MP4Reader.children(buffer, udta, path: "").first(where: { $0.type == MP4Atom.code("meta") }),
      meta.body.count >= 4,
      case .success(let inner) = MP4Atom.children(buffer, meta.body.lowerBound + 4..<meta.end),
      let ilst = inner.first(where: { $0.type == MP4Atom.code("ilst") })
    else { return [] }
    var items = MP4Items()
    try? items.read(buffer, ilst, path: "")
    return items.covers.map { cover in
      // The data atom's type says the format: 13 JPEG, 14 PNG, 27 BMP.
      let mime: String? =
        switch cover.type {
        case 13: "image/jpeg"
        case 14: "image/png"
        case 27: "image/bmp"
        default: nil
        }
      return EmbeddedPicture(mimeType: mime, pictureType: EmbeddedPicture.frontCover, data: Array(buffer.sub(cover.data)))
    }
  }

  /// Up to `count` bytes from `offset`: fewer at the end of the file.
  private static func read(_ fd: Int32, at offset: Int, count: Int, path: String) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset + done)) }
      if n < 0 && errno == EINTR { continue }
      if n < 0 { throw TagError.unreadable(path: path, reason: String(cString: strerror(errno))) }
      if n == 0 { break }
      done += n
    }
    bytes.removeSubrange(done...)
    return bytes
  }
}
