// SYLT, ID3v2's synchronised lyrics (id3.org, ID3v2.4 frames §4.9): after the encoding byte, a language
// (3 bytes), the time stamp format (1: MPEG frames, 2: milliseconds), the content type (0: other,
// 1: lyrics, 2: text transcription, 3 and up: part names, events, chords, trivia, URLs), a terminated
// description, then pairs of a terminated text and a 32-bit big-endian time. Millisecond lines go to the
// model; lines timed in MPEG frames are kept apart (MPEGFrameLyrics) until the MP3 reader knows how long
// a frame lasts. Frames of the content types that are not words to sing are passed over, so a chord
// track before the lyrics does not hide them; of the others the first wins, as for USLT. Lines and bytes
// are capped like every other long value, and a pair cut short by the frame's end is dropped.

extension ID3v2FrameCollector {
  /// Lines kept from one SYLT frame.
  static let maxSyncedLines = 10_000

  mutating func applySyncedLyrics(
    _ body: UnsafeRawBufferPointer, _ encoding: ID3TextEncoding, where where_: @autoclosure () -> String
  ) {
    guard syncedLyrics == nil, frameTimedLyrics == nil, body.count > 5 else { return }
    let format = body[3]
    guard body[4] <= 2 else { return }
    guard format == 1 || format == 2 else {
      warnings.append("\(where_()): synced lyrics with an unknown time stamp format \(format); not read")
      return
    }
    var position = ID3Text.terminated(body, from: 5, encoding).next
    // Each line's time, in the frame's unit, and its text.
    var lines: [(time: Int, text: String)] = []
    var bytes = 0
    while position < body.count {
      let (text, next) = ID3Text.terminated(body, from: position, encoding)
      guard next <= body.count - 4 else { break }
      let time = body[next..<(next + 4)].reduce(0) { $0 << 8 | Int($1) }
      position = next + 4
      bytes += text.utf8.count
      guard lines.count < Self.maxSyncedLines, bytes <= Self.maxLongValueBytes else {
        warnings.append("\(where_()): synced lyrics longer than \(Self.maxSyncedLines) lines or 1 MiB; the rest dropped")
        break
      }
      // A line may begin with the line break that ends the one before it (as Mp3tag writes them). By
      // scalars: "\r\n" is one Character, equal to neither "\r" nor "\n".
      let line = String(String.UnicodeScalarView(text.unicodeScalars.drop { $0 == "\n" || $0 == "\r" }))
      lines.append((time, line))
    }
    guard !lines.isEmpty else { return }
    // Stable: lines given the same time keep their order.
    let sorted = lines.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    if format == 2 {
      syncedLyrics = sorted.map { TimedLyric(milliseconds: $0.time, text: $0.text) }
    } else {
      frameTimedLyrics = MPEGFrameLyrics(lines: sorted.map { MPEGFrameLyrics.Line(frame: $0.time, text: $0.text) })
    }
  }
}
