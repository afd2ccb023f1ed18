// A song's lyrics as the now-playing view shows them: lines, and when they are synced, the time each one
// starts, so the line being sung can be found for the player's elapsed time.
//
// LRCParser reads the LRC format (`[mm:ss.xx]line`, several stamps before one line, `[offset:±ms]`, the
// `[ar:]`-style header tags, enhanced LRC's `<mm:ss.xx>` word stamps), which is hand-written: no Debian
// library reads LRC, and the format is a line-based convention small enough to read in one page. Input
// is bounded by the caller (LyricsLoader: 256 KiB) and here by line count; anything that is not a
// well-formed stamp is text, never an error, as players treat it.
import TunesTags

struct Lyrics: Equatable {
  var lines: [String]
  /// Milliseconds each line starts at, parallel to `lines`, ascending; nil when the lyrics are not synced.
  var times: [Int]?

  /// Lines kept; a longer text is cut with a last line saying so.
  static let maxLines = 5000

  init(lines: [String], times: [Int]? = nil) {
    self.lines = lines
    self.times = times
  }

  /// From timed lines (SYLT), sorted by time already.
  init(timed: [TimedLyric]) {
    lines = timed.map(\.text)
    times = timed.map(\.milliseconds)
  }

  /// Unsynced text: its lines, or LRC's when it has stamps (taggers store LRC in the LYRICS tag too).
  init(text: String) {
    self = LRCParser.parse(text)
  }

  var isSynced: Bool { times != nil }

  /// The line being sung at `milliseconds`: the last one started by then; nil before the first.
  func line(at milliseconds: Int) -> Int? {
    guard let times, !times.isEmpty else { return nil }
    var low = 0
    var high = times.count
    while low < high {
      let middle = (low + high) / 2
      if times[middle] <= milliseconds { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? nil : low - 1
  }
}

enum LRCParser {
  /// Lines with stamps become synced lyrics (sorted by time, the lines without stamps dropped, as players
  /// do); a text with no stamp at all is kept as plain lines.
  static func parse(_ text: String) -> Lyrics {
    var timed: [(time: Int, order: Int, text: String)] = []
    var plain: [String] = []
    var offset = 0
    var truncated = false
    for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
      if timed.count >= Lyrics.maxLines || plain.count >= Lyrics.maxLines {
        truncated = true
        break
      }
      var rest = Substring(raw)
      var stamps: [Int] = []
      var isHeader = false
      // Leading [..] groups: time stamps, or one header tag such as [ar:Artist] or [offset:+250].
      while rest.first == "[", let close = rest.firstIndex(of: "]") {
        let inside = rest[rest.index(after: rest.startIndex)..<close]
        if let time = stamp(inside) {
          stamps.append(time)
        } else if stamps.isEmpty, let colon = inside.firstIndex(of: ":"), inside[..<colon].allSatisfy(\.isLetter) {
          let name = inside[..<colon].lowercased()
          if name == "offset", let value = Int(inside[inside.index(after: colon)...].trimmingCharacters(in: .whitespaces)) {
            offset = max(-86_400_000, min(86_400_000, value))
          }
          isHeader = true
        } else {
          break
        }
        rest = rest[rest.index(after: close)...]
      }
      if isHeader && stamps.isEmpty { continue }
      let line = withoutWordStamps(rest).trimmingCharacters(in: .whitespaces)
      if stamps.isEmpty {
        plain.append(line)
      } else {
        for time in stamps { timed.append((time, timed.count, line)) }
      }
    }
    if timed.isEmpty {
      while plain.last?.isEmpty == true { plain.removeLast() }
      while plain.first?.isEmpty == true { plain.removeFirst() }
      if truncated { plain.append("[the lyrics go on past \(Lyrics.maxLines) lines]") }
      return Lyrics(lines: plain)
    }
    // [offset:+N] makes the lines come N ms sooner (the LRC convention).
    let sorted = timed.map { (max(0, $0.time - offset), $0.order, $0.text) }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
    var lines = sorted.map(\.2)
    var times = sorted.map(\.0)
    if truncated {
      lines.append("[the lyrics go on past \(Lyrics.maxLines) lines]")
      times.append(times.last ?? 0)
    }
    return Lyrics(lines: lines, times: times)
  }

  /// `mm:ss`, `mm:ss.x`, `mm:ss.xx`, `mm:ss.xxx` or `mm:ss:xx` in milliseconds; nil for anything else.
  static func stamp(_ text: Substring) -> Int? {
    let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count >= 2, let minutes = digits(parts[0], max: 5) else { return nil }
    var secondsPart = parts[1]
    var fraction: Substring = ""
    if parts.count == 3 {
      fraction = parts[2]
    } else if let dot = secondsPart.firstIndex(of: ".") {
      fraction = secondsPart[secondsPart.index(after: dot)...]
      secondsPart = secondsPart[..<dot]
    }
    guard let seconds = digits(secondsPart, max: 2), seconds < 60 else { return nil }
    var milliseconds = 0
    if parts.count == 3 || !fraction.isEmpty || text.contains(".") {
      guard let value = digits(fraction, max: 3) else { return nil }
      // Hundredths are the usual: ".5" is 500 ms, ".05" 50 ms, ".005" 5 ms.
      milliseconds = value * [100, 10, 1][fraction.count - 1]
    }
    return (minutes * 60 + seconds) * 1000 + milliseconds
  }

  /// A run of 1…`max` ASCII digits as a number.
  private static func digits(_ text: Substring, max: Int) -> Int? {
    guard !text.isEmpty, text.count <= max, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(text)
  }

  /// The text without enhanced LRC's `<mm:ss.xx>` word stamps.
  private static func withoutWordStamps(_ text: Substring) -> String {
    guard text.contains("<") else { return String(text) }
    var out = ""
    var rest = text
    while let open = rest.firstIndex(of: "<") {
      out += rest[..<open]
      let after = rest[rest.index(after: open)...]
      if let close = after.firstIndex(of: ">"), stamp(after[..<close]) != nil {
        rest = after[after.index(after: close)...]
      } else {
        out.append("<")
        rest = after
      }
    }
    return out + rest
  }
}
