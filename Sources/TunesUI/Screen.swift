// The screen as a grid of cells: what one frame shows, built whole from the player's state every time
// and then compared with the frame before (ScreenDiff), so that drawing code never has to know what
// is already on the terminal. A wide character (CJK, emoji) takes its cell and a continuation cell after
// it; combining marks join the character before them, as the terminal draws them.
import TunesTerminal

/// How a cell is drawn. Colours are the 16 ANSI ones (0–7, 8–15 bright); nil is the terminal's own.
public struct Style: Hashable, Sendable {
  public var foreground: TerminalColor?
  public var background: TerminalColor?
  public var bold = false
  public var dim = false
  public var underline = false
  public var reverse = false

  public init(
    foreground: TerminalColor? = nil, background: TerminalColor? = nil, bold: Bool = false, dim: Bool = false,
    underline: Bool = false,
    reverse: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.underline = underline
    self.reverse = reverse
  }

  public static let plain = Style()

  /// The SGR sequence selecting this style from any other, its colours at the terminal's `depth`; with
  /// none (NO_COLOR) it keeps bold, dim, underline and reverse, which are not colours.
  func sgr(depth: ColorDepth) -> String {
    var codes = "0"
    if bold { codes += ";1" }
    if dim { codes += ";2" }
    if underline { codes += ";4" }
    if reverse { codes += ";7" }
    if let code = foreground?.sgr(depth: depth, background: false) { codes += ";" + code }
    if let code = background?.sgr(depth: depth, background: true) { codes += ";" + code }
    return "\u{1B}[" + codes + "m"
  }
}

struct Cell: Equatable {
  /// One grapheme; "" for the right half of a wide character.
  var text: String
  var style: Style

  static let blank = Cell(text: " ", style: .plain)
}

public struct Screen: Equatable {
  public let width: Int
  public let height: Int
  var cells: [Cell]

  public init(width: Int, height: Int) {
    self.width = max(1, width)
    self.height = max(1, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// Writes `text` (made safe for the terminal) at `row`, `column`, in at most `limit` cells (to the right
  /// edge when nil), cut with "…" when longer. Returns the cells used.
  @discardableResult
  public mutating func write(_ text: String, row: Int, column: Int, limit: Int? = nil, style: Style = .plain) -> Int {
    guard row >= 0, row < height, column >= 0, column < width else { return 0 }
    let room = min(limit ?? (width - column), width - column)
    guard room > 0 else { return 0 }
    let fitted = DisplayWidth.fit(TerminalText.safe(text), cells: room)
    var col = column
    for character in fitted {
      let cells = DisplayWidth.of(character)
      if cells == 0 {
        // A mark on its own joins the cell before it.
        if col > column { appendMark(character, row: row, column: col - 1) }
        continue
      }
      guard col + cells <= column + room else { break }
      set(Cell(text: String(character), style: style), row: row, column: col)
      if cells == 2 { set(Cell(text: "", style: style), row: row, column: col + 1) }
      col += cells
    }
    return col - column
  }

  /// Paints cells `from`..<`to` of `row` with spaces in `style` (a bar, a selected row's background).
  public mutating func fill(row: Int, from: Int = 0, to: Int? = nil, style: Style) {
    guard row >= 0, row < height else { return }
    for column in max(0, from)..<min(width, to ?? width) { set(Cell(text: " ", style: style), row: row, column: column) }
  }

  /// Gives the cells of `row` from `from` to `to` a style, keeping their text (the selection bar).
  public mutating func restyle(row: Int, from: Int = 0, to: Int? = nil, style: Style) {
    guard row >= 0, row < height else { return }
    for column in max(0, from)..<min(width, to ?? width) { cells[row * width + column].style = style }
  }

  /// The text of a row as a person reads it (tests, and the help's own checks).
  public func text(row: Int) -> String {
    guard row >= 0, row < height else { return "" }
    return cells[(row * width)..<((row + 1) * width)].map(\.text).joined()
  }

  func cell(row: Int, column: Int) -> Cell { cells[row * width + column] }

  private mutating func appendMark(_ mark: Character, row: Int, column: Int) {
    var lead = column
    while lead > 0 && cells[row * width + lead].text.isEmpty { lead -= 1 }
    cells[row * width + lead].text.append(mark)
  }

  /// Sets one cell, blanking the other half of any wide character it overwrites.
  private mutating func set(_ cell: Cell, row: Int, column: Int) {
    let index = row * width + column
    if !cell.text.isEmpty {
      // Overwriting the right half of a wide glyph: its left half alone would show half a glyph.
      if cells[index].text.isEmpty, column > 0 { cells[index - 1].text = " " }
      // Overwriting its left half: the right half is a blank cell of its own again.
      if DisplayWidth.of(cells[index].text) == 2, column + 1 < width, cells[index + 1].text.isEmpty {
        cells[index + 1].text = " "
      }
    }
    cells[index] = cell
  }
}
