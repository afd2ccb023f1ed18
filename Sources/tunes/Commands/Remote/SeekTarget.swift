// What `tunes seek` was asked for, in the forms mpc takes: seconds (`90`, `+10`, `-5`), a clock time
// (`1:30`, `+0:30`, `1:02:03`) or a share of the song (`50%`). Resolved against the player's elapsed
// time and the song's length into one absolute position; a position past the end is refused, as mpc
// refuses it, rather than silently ending the song.
import Foundation

struct SeekTarget: Equatable {
  enum Kind: Equatable {
    case absolute(Double)
    case relative(Double)
    case percent(Double)
  }
  var kind: Kind
  /// The words as given, for messages.
  var text: String

  /// Nil when `text` is none of the forms above.
  static func parse(_ text: String) -> SeekTarget? {
    var rest = Substring(text)
    var sign: Double? = nil
    if let first = rest.first, first == "+" || first == "-" {
      sign = first == "+" ? 1 : -1
      rest = rest.dropFirst()
    }
    if rest.hasSuffix("%") {
      // A share of the song is a place in it, never a step: "+10%" is not a form mpc takes either.
      guard sign == nil, let share = number(rest.dropLast()), share <= 100 else { return nil }
      return SeekTarget(kind: .percent(share), text: text)
    }
    let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { return nil }
    var seconds = 0.0
    for (k, part) in parts.enumerated() {
      let isLast = k == parts.count - 1
      // Minutes and hours are whole; the seconds after a colon are 0–59 (and may have a fraction).
      guard let value = isLast ? number(part) : Int(part).map(Double.init), value >= 0 else { return nil }
      if parts.count > 1 && k > 0 && value >= 60 { return nil }
      seconds = seconds * 60 + value
    }
    guard seconds.isFinite else { return nil }
    return SeekTarget(kind: sign.map { .relative($0 * seconds) } ?? .absolute(seconds), text: text)
  }

  private static func number(_ text: Substring) -> Double? {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(text) else {
      return nil
    }
    return value
  }

  enum Refusal: Error, Equatable {
    /// The song's length is unknown, so a share of it is too.
    case unknownLength
    case pastEnd(target: Double, length: Double)
  }

  /// The absolute position in seconds, from the player's `elapsed` and the song's `length` (nil when
  /// unknown). Stepping back before the start lands on the start, as mpc does.
  func position(elapsed: Double, length: Double?) throws(Refusal) -> Double {
    let target: Double
    switch kind {
    case .absolute(let seconds): target = seconds
    case .relative(let step): target = max(0, elapsed + step)
    case .percent(let share):
      guard let length else { throw .unknownLength }
      return length * share / 100
    }
    if let length, target > length { throw .pastEnd(target: target, length: length) }
    return target
  }
}
