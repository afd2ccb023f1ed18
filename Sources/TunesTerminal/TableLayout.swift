// Aligned columns for a terminal `width` cells wide: each column as wide as its widest cell, counted in
// display cells; only when the whole table does not fit are the widest columns narrowed (cells cut with
// "…"), so nothing is cut while there is room. A pure function, so tests check it without a terminal.

public enum TableLayout {
  /// Columns are separated by this many spaces.
  public static let gap = 2
  /// A column is never narrowed below this (or its natural width, when smaller).
  public static let narrowest = 6

  /// The header line and one line per row; cells in `rightAligned` columns are padded on the left.
  /// The last column is not padded on the right, so lines carry no trailing spaces.
  public static func lines(header: [String], rows: [[String]], rightAligned: Set<Int> = [], width: Int) -> [String] {
    let count = header.count
    var natural = header.map(DisplayWidth.of)
    for row in rows {
      for (i, cell) in row.enumerated() where i < count { natural[i] = max(natural[i], DisplayWidth.of(cell)) }
    }
    let widths = fitted(natural, width: width)
    func line(_ cells: [String]) -> String {
      var parts: [String] = []
      for i in 0..<count {
        let cell = DisplayWidth.fit(i < cells.count ? cells[i] : "", cells: widths[i])
        let isLast = i == count - 1
        parts.append(
          isLast && !rightAligned.contains(i) ? cell : DisplayWidth.pad(cell, to: widths[i], right: rightAligned.contains(i)))
      }
      return parts.joined(separator: String(repeating: " ", count: gap))
    }
    return [line(header)] + rows.map(line)
  }

  /// The column widths: `natural` when they fit in `width`, else the widest lowered to one cap, the
  /// largest that fits (never below `narrowest`).
  static func fitted(_ natural: [Int], width: Int) -> [Int] {
    let separators = gap * max(natural.count - 1, 0)
    guard natural.reduce(0, +) + separators > width else { return natural }
    var cap = natural.max() ?? 0
    while cap > narrowest && natural.map({ min($0, cap) }).reduce(0, +) + separators > width { cap -= 1 }
    return natural.map { min($0, cap) }
  }
}
