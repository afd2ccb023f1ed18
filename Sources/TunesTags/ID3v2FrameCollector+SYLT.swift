// SYLT, ID3v2's synchronised lyrics (id3.org, ID3v2.4 frames §4.9): after the encoding byte, a language
// (3 bytes), the time stamp format (1: MPEG frames, 2: milliseconds), the content type (1: lyrics,
// 2: transcription…), a terminated description, then pairs of a terminated text and a 32-bit big-endian
// time. Only millisecond times are kept: MPEG-frame times need the stream's frame length, which the tag
// reader does not know, and taggers (Mp3tag, foobar2000, Kid3) write milliseconds. The first frame wins,
// as for USLT; lines are capped like every other value.

extension ID3v2FrameCollector {
  /// Lines kept from one SYLT frame.
  static let maxSyncedLines = 10_000

  mutating func applySyncedLyrics(
    _ body: UnsafeRawBufferPointer, _ encoding: ID3TextEncoding, where where_: @autoclosure () -> String
  ) {
    guard syncedLyrics == nil, body.count > 5 else { return }
    guard body[3] == 2 else {
      warnings.append("\(where_()): synced lyrics timed in MPEG frames, not milliseconds; not read")
      return
    }
    var position = ID3Text.terminated(body, from: 5, encoding).next
    var lines: [TimedLyric] = []
    var bytes = 0
    while position < body.count {
      let (text, next) = ID3Text.terminated(body, from: position, encoding)
      guard next + 4 <= body.count else { break }
      let time = body[next..<(next + 4)].reduce(0) { $0 << 8 | Int($1) }
      position = next + 4
      bytes += text.utf8.count
      guard lines.count < Self.maxSyncedLines, bytes <= Self.maxLongValueBytes else {
        warnings.append("\(where_()): synced lyrics longer than \(Self.maxSyncedLines) lines or 1 MiB; the rest dropped")
        break
      }
      // A line may begin with the newline that ends the one before it (as Mp3tag writes them).
      var line = text
      while line.first == "\n" || line.first == "\r" { line.removeFirst() }
      lines.append(TimedLyric(milliseconds: time, text: line))
    }
    guard !lines.isEmpty else { return }
    // Stable: lines given the same time keep their order.
    syncedLyrics = lines.enumerated().sorted { ($0.element.milliseconds, $0.offset) < ($1.element.milliseconds, $1.offset) }
      .map(\.element)
  }
}
