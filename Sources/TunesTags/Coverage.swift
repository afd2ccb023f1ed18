// Which bytes of a file are in memory. TagReader first reads only the head and the tail of a file; every
// parser step that would look elsewhere asks for the whole file instead of reading bytes it does not have.

struct Coverage: Sendable {
  /// Bytes `0..<headEnd` are loaded.
  var headEnd: Int
  /// Bytes `tailStart..<count` are loaded.
  var tailStart: Int
  /// Further ranges loaded between the head and the tail (a FLAC file's metadata blocks past a large
  /// picture, and the first audio after them), so such a file need not be read whole.
  var extra: [Range<Int>] = []
  /// Offsets of leading ID3v2 tags of which only the frame headers and the frames the parser reads are
  /// loaded (ID3v2FrameLoader), not the pictures: parsing such a tag without its pictures is safe.
  var framesLoaded: [Int] = []

  /// Everything of a file of `count` bytes.
  static func whole(_ count: Int) -> Coverage { Coverage(headEnd: count, tailStart: count) }

  var isWhole: Bool { headEnd >= tailStart }

  /// The end of the loaded bytes that run on without a gap from `start` (`start` itself when it is not loaded).
  func loadedEnd(from start: Int) -> Int {
    if isWhole || start >= tailStart { return Int.max }
    var end = start < headEnd ? headEnd : start
    while let next = extra.first(where: { $0.lowerBound <= end && end < $0.upperBound }) { end = next.upperBound }
    return end >= tailStart ? Int.max : end
  }

  /// True when every byte of `range` is loaded.
  func covers(_ range: Range<Int>) -> Bool {
    isWhole || range.isEmpty || range.upperBound <= headEnd || range.lowerBound >= tailStart
      || extra.contains { $0.lowerBound <= range.lowerBound && range.upperBound <= $0.upperBound }
  }
}

/// Thrown when a parser needs bytes outside the coverage; TagReader then reads the whole file and retries.
struct NeedWholeFile: Error {}
