// How a row of a song table is split into columns at any width from 40 to 300 cells: the time keeps its
// cells at the right, the rest is shared in fixed proportions, and a column too narrow to read is
// dropped (the album first) rather than squeezed into a few letters.

struct ColumnLayout: Equatable {
  /// Cells of each column, left to right; a 0 column is not shown.
  var widths: [Int]

  /// `shares` of the width for each text column, then `fixed` cells for the last (the time); one cell of
  /// space between columns.
  static func split(width: Int, shares: [Int], fixed: Int, minimum: Int = 8) -> ColumnLayout {
    var active = shares
    while true {
      let shown = active.filter { $0 > 0 }.count
      let room = width - fixed - shown  // a space after each text column
      let total = active.reduce(0, +)
      guard total > 0, room > 0 else { return ColumnLayout(widths: active.map { _ in 0 } + [max(0, min(fixed, width))]) }
      var widths = active.map { $0 * room / total }
      // What rounding left over goes to the first column.
      if let first = widths.firstIndex(where: { $0 > 0 }) { widths[first] += room - widths.reduce(0, +) }
      if let narrow = widths.indices.last(where: { widths[$0] > 0 && widths[$0] < minimum }), shown > 1 {
        active[narrow] = 0
        continue
      }
      return ColumnLayout(widths: widths + [fixed])
    }
  }

  /// Where each column starts.
  var starts: [Int] {
    var out: [Int] = []
    var column = 0
    for width in widths {
      out.append(column)
      column += width > 0 ? width + 1 : 0
    }
    return out
  }
}

/// The three panes of a browser side by side, with a one-cell rule between them.
enum PaneLayout {
  static func split(width: Int, panes: Int) -> [(start: Int, width: Int)] {
    let room = width - (panes - 1)
    var out: [(Int, Int)] = []
    var start = 0
    for index in 0..<panes {
      let cells = room / panes + (index < room % panes ? 1 : 0)
      out.append((start, max(0, cells)))
      start += cells + 1
    }
    return out
  }
}
