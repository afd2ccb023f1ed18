// The picture embedded in an MP3's leading ID3v2 tag (APIC, or PIC in v2.2): what MPD's `readpicture`
// sends. Reads only the tag, never the audio, and is separate from TagReader so indexing never copies
// image bytes.

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
    return pictures.first { $0.pictureType == EmbeddedPicture.frontCover } ?? pictures.first
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
