// What the full-text index makes of names holding apostrophes, and what the query words make of them.
// "O'Brien" is written "OBrien", "O’Brien" or "O Brien" by different taggers, and a user types `obrien`;
// kept as a separator only, the apostrophe made it the words "O" and "Brien", which `obrien` never
// found. The index now holds such a name twice, without its apostrophes and as it was ("OBrien O'Brien"),
// and query words drop theirs: `obrien`, `o'brien`, `O’Brien` and `brien` all find it.
enum FullTextFolding {
  /// The characters dropped: ASCII apostrophe, left and right single quotation marks, the modifier
  /// letter apostrophe and the grave accent used as one. A change here needs a migration that rebuilds
  /// the full-text index (FullTextSchema), or rows written before and after it would disagree.
  static let ignored: [Unicode.Scalar] = ["'", "\u{2019}", "\u{2018}", "\u{02BC}", "`"]

  static func isIgnored(_ scalar: Unicode.Scalar) -> Bool { ignored.contains(scalar) }

  /// `text` as the full-text index holds it: unchanged without apostrophes, else without them and then
  /// as it was (so its parts stay words too).
  static func fold(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isIgnored) else { return text }
    var folded = String.UnicodeScalarView()
    folded.append(contentsOf: text.unicodeScalars.filter { !isIgnored($0) })
    return String(folded) + " " + text
  }

  static func fold(_ text: String?) -> String? { text.map(fold) }

  /// The SQL expression of `column` folded the same way (for the triggers that keep the index in step).
  static func sql(_ column: String) -> String {
    let removed = ignored.reduce(column) { inner, scalar in
      let literal = scalar == "'" ? "''''" : "'\(scalar)'"
      return "replace(\(inner), \(literal), '')"
    }
    return "(CASE WHEN \(removed) = \(column) THEN \(column) ELSE \(removed) || ' ' || \(column) END)"
  }
}
