// Entry point of the tag reader: maps one file into memory and reads its tags and audio properties;
// `parse` does the same for bytes already in memory.

#if canImport(Glibc)
  import Glibc
#endif

public enum TagReader {
  /// Reads the ID3 tags and the audio properties of the MP3 file at `path`.
  /// Reads only the tag areas and frame headers, never decodes audio.
  public static func read(path: String) throws -> FileMetadata {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw TagError.unreadable(path: path, reason: String(cString: strerror(errno))) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw TagError.unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      let what = info.st_mode & S_IFMT == S_IFDIR ? "is a directory" : "is not a regular file"
      throw TagError.unreadable(path: path, reason: what)
    }
    let size = Int(info.st_size)
    if size == 0 { throw TagError.empty(path: path) }
    // Mapping costs nothing for the pages never touched: only the tags, the first frames and the hashed
    // ends are read from a file whose length is in a Xing header.
    if let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED {
      defer { munmap(map, size) }
      return try parse(UnsafeRawBufferPointer(start: map, count: size), path: path)
    }
    let bytes = try readAll(fd, size: size, path: path)
    return try bytes.withUnsafeBytes { try parse($0, path: path) }
  }

  /// Reads tags and audio properties from the bytes of a whole file; `path` only names it in errors.
  public static func parse(_ bytes: [UInt8], path: String) throws -> FileMetadata {
    try bytes.withUnsafeBytes { try parse($0, path: path) }
  }

  static func parse(_ buffer: UnsafeRawBufferPointer, path: String) throws -> FileMetadata {
    if buffer.isEmpty { throw TagError.empty(path: path) }
    var warnings: [String] = []
    var tags = TagSet()
    var audioStart = 0
    // Some files carry more than one leading tag, written by tools that prepend without looking.
    for _ in 0..<4 {
      guard let tag = ID3v2Parser.parse(buffer, at: audioStart) else { break }
      warnings += tag.warnings
      if tag.isTruncated {
        throw TagError.truncated(
          path: path,
          reason: "ID3v2.\(tag.version) tag at byte \(audioStart) declares \(tag.size) bytes but the file has only \(buffer.count - audioStart)"
        )
      }
      tags.fillGaps(from: tag.tags)
      audioStart += tag.size
    }
    let trailing = TrailingTags(buffer, floor: audioStart)
    warnings += trailing.warnings
    if let appended = trailing.appendedID3v2 {
      warnings += appended.warnings
      tags.fillGaps(from: appended.tags)
    }
    if let v1 = trailing.id3v1 { tags.fillGaps(from: v1) }

    switch MPEGStream.analyze(buffer, start: audioStart, end: trailing.audioEnd) {
    case .success(let stream):
      return FileMetadata(tags: tags, audio: stream.properties, warnings: warnings + stream.warnings)
    case .failure(.noFrame(let reason)):
      throw TagError.notMP3(path: path, reason: reason)
    case .failure(.truncated(let reason)):
      throw TagError.truncated(path: path, reason: reason)
    }
  }

  /// Fallback for files that cannot be mapped: one read loop into an array.
  private static func readAll(_ fd: Int32, size: Int, path: String) throws -> [UInt8] {
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { out, initialized in
      var done = 0
      while done < size {
        let n = Glibc.read(fd, out.baseAddress! + done, size - done)
        if n < 0 && errno == EINTR { continue }
        if n < 0 { failure = errno }
        if n <= 0 { break }
        done += n
      }
      initialized = done
    }
    if failure != 0 { throw TagError.unreadable(path: path, reason: String(cString: strerror(failure))) }
    if bytes.isEmpty { throw TagError.empty(path: path) }
    return bytes
  }
}
