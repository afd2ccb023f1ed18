// What to send the terminal to turn the last frame into the next: per row, the run from the first to the
// last cell that changed, with a cursor move before it and a style change only where the style does.
// A frame that changes nothing sends nothing (the idle UI writes no byte while the clock stands still);
// a new size, or Ctrl-L, clears and draws everything.

public enum ScreenDiff {
  /// The bytes that draw `new` over `old` in the 16 colours, or none.
  public static func commands(from old: Screen?, to new: Screen, colors: Bool) -> String {
    commands(from: old, to: new, depth: colors ? .sixteen : .none)
  }

  /// The bytes that draw `new` over `old` (nil: the terminal's contents are unknown, so clear first), the
  /// colours at `depth`.
  public static func commands(from old: Screen?, to new: Screen, depth: ColorDepth) -> String {
    var out = ""
    let base: Screen
    if let old, old.width == new.width, old.height == new.height {
      base = old
    } else {
      out += "\u{1B}[0m\u{1B}[2J"
      base = Screen(width: new.width, height: new.height)
    }
    var current: Style? = nil
    for row in 0..<new.height {
      guard let (first, last) = changedRun(row: row, old: base, new: new) else { continue }
      out += "\u{1B}[\(row + 1);\(first + 1)H"
      for column in first...last {
        let cell = new.cell(row: row, column: column)
        if cell.text.isEmpty { continue }  // the right half of the wide glyph just drawn
        if cell.style != current {
          out += cell.style.sgr(depth: depth)
          current = cell.style
        }
        out += cell.text
      }
    }
    if current != nil { out += "\u{1B}[0m" }
    return out
  }

  /// The first and last changed columns of `row`, widened so that no wide glyph is drawn by half.
  static func changedRun(row: Int, old: Screen, new: Screen) -> (Int, Int)? {
    var first = -1
    var last = -1
    for column in 0..<new.width where old.cell(row: row, column: column) != new.cell(row: row, column: column) {
      if first < 0 { first = column }
      last = column
    }
    guard first >= 0 else { return nil }
    while first > 0 && new.cell(row: row, column: first).text.isEmpty { first -= 1 }
    while last + 1 < new.width && new.cell(row: row, column: last + 1).text.isEmpty { last += 1 }
    return (first, last)
  }
}
