// What a playlist name may be, and which existing names are "close" to a mistyped one.
import Foundation

enum PlaylistName {
  /// Refuses empty (or blank) names and names holding control characters (tabs, newlines, escapes),
  /// which would break the one-name-per-line output of `list` and terminal display.
  static func validate(_ name: String) throws {
    if name.trimmingCharacters(in: .whitespaces).isEmpty { throw PlaylistError.emptyName }
    for scalar in name.unicodeScalars where scalar.properties.generalCategory == .control {
      throw PlaylistError.controlCharacter(name: name, scalar: scalar.value)
    }
  }

  /// Up to three names nearest to `name` by edit distance (case folded), plus names that contain it.
  static func closest(to name: String, among names: [String]) -> [String] {
    let wanted = Array(name.lowercased())
    let limit = max(2, wanted.count / 3)
    let scored: [(String, Int)] = names.compactMap { candidate in
      let folded = candidate.lowercased()
      let distance = editDistance(wanted, Array(folded))
      if distance <= limit { return (candidate, distance) }
      if !wanted.isEmpty && folded.contains(String(wanted)) { return (candidate, limit + 1) }
      return nil
    }
    return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(3).map(\.0)
  }

  /// Levenshtein distance over characters.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
