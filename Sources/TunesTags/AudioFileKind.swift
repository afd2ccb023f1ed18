// Tells an audio file's format from its first bytes, for callers that must decide whether a file with
// no (or an unknown) extension is music: the file walk, catalogues naming extension-less files.

#if canImport(Glibc)
  import Glibc
#endif

public enum AudioFileKind: String, Sendable {
  case mp3, flac, ogg, mp4

  /// Bytes `detect` looks at.
  public static let sniffBytes = 12

  /// The format the first bytes of a file announce; nil when they announce none tunes reads. An ID3v2 tag
  /// may front an MP3 or a FLAC: it counts as MP3 here, and the reader looks past it.
  public static func detect(_ head: UnsafeRawBufferPointer) -> AudioFileKind? {
    if head.matches("fLaC", at: 0) { return .flac }
    if head.matches("OggS", at: 0) { return .ogg }
    if head.matches("ftyp", at: 4) { return .mp4 }
    if head.matches("ID3", at: 0) { return .mp3 }
    // An MPEG audio frame sync: eleven set bits, then a layer other than the reserved 00.
    if head.count >= 2 && head[0] == 0xFF && head[1] & 0xE0 == 0xE0 && head[1] & 0x06 != 0 { return .mp3 }
    return nil
  }

  /// The format of the file at `path` by its first bytes; nil when unreadable or not audio.
  public static func detect(path: String) -> AudioFileKind? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var head = [UInt8](repeating: 0, count: sniffBytes)
    let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, sniffBytes, 0) }
    guard n > 0 else { return nil }
    return head.withUnsafeBytes { detect(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
  }

  /// File name extensions of the formats tunes reads, lower case with the dot.
  public static let extensions = [".mp3", ".flac", ".ogg", ".oga", ".opus", ".m4a", ".m4b", ".mp4"]
}
