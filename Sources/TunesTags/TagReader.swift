// Entry point of the tag reader: maps one file into memory and reads its tags and audio properties;
// `parse` does the same for bytes already in memory. The format is chosen by the file's first bytes.

import TunesCore

#if canImport(Glibc)
  import Glibc
#endif

public enum TagReader {
  /// Bytes read from the start of a file first: the ID3v2 tag, the first frames and the first hashed window.
  static let headBytes = 32 * 1024
  /// Bytes read first from a file that begins with "fLaC": STREAMINFO, the seek table and the comments of
  /// a file `flac` or a tagger wrote (padding and pictures usually come after them). The blocks past it
  /// are read one by one (FLACReader.loadMetadata), never the audio that the rest of `headBytes` would be.
  static let flacHeadBytes = 4 * 1024
  /// Bytes read from the end: the trailing tags and the last hashed window.
  static let tailBytes = 24 * 1024
  /// Bytes read after the leading ID3v2 tag of a file that begins with one (an MP3 file): the first
  /// frame with its Xing/Info/VBRI header and the first hashed window, with room for some junk before
  /// the first frame. The tag's header gives its size, so the head ends where the reader stops looking;
  /// the rest of a fixed 32 KiB head was copied from the page cache and never read (a quarter of the
  /// bytes of a first index of MP3 files).
  static let id3AudioBytes = AudioHash.window + 4 * 1024
  /// Bytes read from the end of such a file: the last hashed window, ID3v1 and an APE or Lyrics3 tag of a
  /// few KiB. A larger trailing tag makes the reader read the whole file, as it did past 24 KiB.
  static let id3TailBytes = 20 * 1024

  /// Bytes read from the end of a FLAC file whose head (STREAMINFO, at byte 8) is in `buffer`: its last
  /// frames (FLACTail, to see whether the file was cut short) and the last hashed window.
  static func flacTailBytes(_ buffer: UnsafeRawBufferPointer) -> Int {
    max(AudioHash.window, FLACTail.bytesNeeded(maxFrameSize: Int(buffer.be24(8 + 7))))
  }

  /// Reads the tags and the audio properties of the MP3, FLAC, Ogg Vorbis, Opus or MP4 file at `path`.
  /// Reads only the tag areas and frame headers, never decodes audio: the head and the tail of the file,
  /// and the rest only when the length must be found by walking the frames (no Xing/Info/VBRI header) or
  /// a tag is larger than what was read.
  public static func read(path: String) throws -> FileMetadata {
    try readCounting(path: path).metadata
  }

  /// `read(path:)`, and how many bytes of the file it read (for tests that hold it to reading little).
  static func readCounting(path: String) throws -> (metadata: FileMetadata, bytesRead: Int) {
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
    // pread into private memory rather than mmap: no SIGBUS if the file shrinks meanwhile, and no
    // process-wide unmapping (TLB shootdowns) slowing parallel indexing threads down.
    return try ReadBuffer.with(count: size) { memory in try read(fd, size: size, into: memory, path: path) }
  }

  /// `readCounting` of the open file `fd` of `size` bytes, into `memory` (as large as the file).
  private static func read(_ fd: Int32, size: Int, into memory: UnsafeMutableRawBufferPointer, path: String) throws -> (
    metadata: FileMetadata, bytesRead: Int
  ) {
    let buffer = UnsafeRawBufferPointer(memory)
    if size <= headBytes + tailBytes {
      try load(fd, memory, 0..<size, path: path)
      return (try parse(buffer, path: path, coverage: .whole(size)), size)
    }
    try load(fd, memory, 0..<flacHeadBytes, path: path)
    // A FLAC file has no trailing tags to look for: from its end it needs only its last frames, whose
    // header shows a file cut short (FLACTail), and the last hashed window of an unsigned stream; nor does
    // it need more of its head than its metadata blocks. A file that begins with an ID3v2 tag gets the tag
    // and what follows it; any other file gets the whole head.
    let flac = buffer.matches(FLACReader.magic, at: 0)
    var head = flac ? flacHeadBytes : headBytes
    var tail = !flac ? tailBytes : flacTailBytes(buffer)
    var audioStart: Int? = nil
    if !flac, let tag = ID3v2Parser.tagSize(buffer, at: 0), tag + id3AudioBytes <= 2 * headBytes,
      tag + id3AudioBytes + id3TailBytes < size
    {
      head = max(flacHeadBytes, tag + id3AudioBytes)
      tail = id3TailBytes
      audioStart = tag
    }
    if head > flacHeadBytes { try load(fd, memory, flacHeadBytes..<head, path: path) }
    if let audioStart, MPEGStream.needsFrameWalk(buffer, frameAt: audioStart, loadedEnd: head) {
      // The length can only be found by walking every frame: read the rest now, rather than parse the
      // head and the tail only to be told so and parse the whole file again.
      try load(fd, memory, head..<size, path: path)
      return (try parse(buffer, path: path, coverage: .whole(size)), size)
    }
    if tail > 0 { try load(fd, memory, size - tail..<size, path: path) }
    var coverage = Coverage(headEnd: head, tailStart: size - tail)
    var bytesRead = head + tail
    do {
      return (try parse(buffer, path: path, coverage: coverage), bytesRead)
    } catch is NeedWholeFile where flac {
      // Metadata past the head (a large picture before the comments): read the blocks the reader needs.
      bytesRead += try FLACReader.loadMetadata(buffer, coverage: &coverage) { try load(fd, memory, $0, path: path) }
      do {
        return (try parse(buffer, path: path, coverage: coverage), bytesRead)
      } catch is NeedWholeFile {}
    } catch is NeedWholeFile where ID3v2Parser.tagSize(buffer, at: 0).map({ $0 > headBytes }) == true {
      // A leading tag larger than the head, usually for its cover: read its frames without the pictures.
      var partial = coverage
      let extra = try ID3v2FrameLoader.load(buffer, coverage: &partial, audioBytes: headBytes) {
        try load(fd, memory, $0, path: path)
      }
      if let extra {
        bytesRead += extra
        do {
          return (try parse(buffer, path: path, coverage: partial), bytesRead)
        } catch is NeedWholeFile {}
      }
    } catch is NeedWholeFile {}
    try load(fd, memory, head..<size - tail, path: path)
    return (try parse(buffer, path: path, coverage: .whole(size)), size)
  }

  /// Reads tags and audio properties from the bytes of a whole file; `path` only names it in errors.
  public static func parse(_ bytes: [UInt8], path: String) throws -> FileMetadata {
    try bytes.withUnsafeBytes { try parse($0, path: path, coverage: .whole($0.count)) }
  }

  /// Parses `buffer`, a whole file of which only `coverage` is loaded; throws NeedWholeFile when the
  /// answer depends on bytes outside it.
  static func parse(_ buffer: UnsafeRawBufferPointer, path: String, coverage: Coverage) throws -> FileMetadata {
    if buffer.isEmpty { throw TagError.empty(path: path) }
    var warnings: [String] = []
    var tags = TagSet()
    var audioStart = 0
    // SYLT lines timed in MPEG frames, from the first tag with synced lyrics, until the stream says how
    // long a frame lasts (MPEGFrameLyrics).
    var frameTimedLyrics: MPEGFrameLyrics?
    // Some files carry more than one leading tag, written by tools that prepend without looking.
    for _ in 0..<4 {
      guard coverage.covers(audioStart..<min(buffer.count, audioStart + ID3v2Parser.headerSize)) else {
        throw NeedWholeFile()
      }
      if let size = ID3v2Parser.tagSize(buffer, at: audioStart),
        !coverage.covers(audioStart..<min(buffer.count, audioStart + size)), !coverage.framesLoaded.contains(audioStart)
      {
        throw NeedWholeFile()
      }
      guard let tag = ID3v2Parser.parse(buffer, at: audioStart) else { break }
      warnings += tag.warnings
      if tag.isTruncated {
        throw TagError.truncated(
          path: path,
          reason:
            "ID3v2.\(tag.version) tag at byte \(audioStart) declares \(tag.size) bytes but the file has only \(buffer.count - audioStart)"
        )
      }
      if tags.syncedLyrics == nil && frameTimedLyrics == nil { frameTimedLyrics = tag.frameTimedLyrics }
      tags.fillGaps(from: tag.tags)
      audioStart += tag.size
    }
    // The format is told by content, never by the file's name: FLAC may sit after ID3v2 tags that some
    // tools prepend; Ogg and MP4 begin at byte 0.
    if buffer.matches(FLACReader.magic, at: audioStart) {
      if frameTimedLyrics != nil && tags.syncedLyrics == nil {
        warnings.append("the ID3v2 tag's synced lyrics are timed in MPEG frames, which FLAC audio has none of; not read")
      }
      return try FLACReader.parse(
        buffer, start: audioStart, tags: tags, warnings: warnings, coverage: coverage, path: path)
    }
    if audioStart == 0 && buffer.matches(OggPage.capture, at: 0) {
      return try OggReader.parse(buffer, coverage: coverage, path: path)
    }
    if audioStart == 0 && MP4Reader.isMP4(buffer) {
      return try MP4Reader.parse(buffer, coverage: coverage, path: path)
    }
    let trailing = TrailingTags(buffer, floor: audioStart, coverage: coverage)
    if trailing.needsWholeFile { throw NeedWholeFile() }
    // Trailing tags are found by looking up to 227 bytes before each one's end.
    guard coverage.covers(max(audioStart, trailing.audioEnd - 227)..<buffer.count) else { throw NeedWholeFile() }
    warnings += trailing.warnings
    if let appended = trailing.appendedID3v2 {
      warnings += appended.warnings
      if tags.syncedLyrics == nil && frameTimedLyrics == nil { frameTimedLyrics = appended.frameTimedLyrics }
      tags.fillGaps(from: appended.tags)
    }
    if let v1 = trailing.id3v1 { tags.fillGaps(from: v1) }

    switch MPEGStream.analyze(buffer, start: audioStart, end: trailing.audioEnd, coverage: coverage) {
    case .success(let stream):
      tags.replayGain.fillGaps(from: stream.replayGain)
      // Lines timed in frames came from a tag before any timed in milliseconds: they win, as the first would.
      if let timed = frameTimedLyrics?.timed(
        samplesPerFrame: stream.samplesPerFrame, sampleRate: stream.properties.sampleRate), !timed.isEmpty
      {
        tags.syncedLyrics = timed
      }
      return FileMetadata(tags: tags, audio: stream.properties, warnings: warnings + stream.warnings)
    case .failure(.noFrame(let reason)):
      throw TagError.notMP3(path: path, reason: reason)
    case .failure(.truncated(let reason)):
      throw TagError.truncated(path: path, reason: reason)
    case .failure(.needWholeFile):
      throw NeedWholeFile()
    }
  }

  /// Reads `range` of the file into the same range of `memory` with pread, retrying short reads.
  private static func load(_ fd: Int32, _ memory: UnsafeMutableRawBufferPointer, _ range: Range<Int>, path: String)
    throws
  {
    var done = range.lowerBound
    while done < range.upperBound {
      let n = pread(fd, memory.baseAddress! + done, range.upperBound - done, off_t(done))
      if n < 0 && errno == EINTR { continue }
      if n < 0 { throw TagError.unreadable(path: path, reason: String(cString: strerror(errno))) }
      if n == 0 {
        throw TagError.unreadable(path: path, reason: "the file shrank to \(done) bytes while being read")
      }
      done += n
    }
  }
}
