// Printing rows for people and for scripts: aligned columns with a header on a terminal,
// tab-separated rows without a header when stdout is piped; either way every cell through TerminalText.
import Foundation
import TunesTerminal

enum TableOutput {
  /// Longest cell shown on a terminal; longer text is cut with "…" (piped output is never cut).
  static let maxCellWidth = 40

  static func print(header: [String], rows: [[String]], rightAligned: Set<Int> = []) {
    var out = ""
    // Cells go through TerminalText: tabs and line breaks become spaces, so a cell never spills into
    // the next column or row, and no control character reaches the terminal.
    if TerminalInfo.isTerminal(STDOUT_FILENO) {
      let cut = rows.map {
        $0.map { cell in
          let safe = TerminalText.safe(cell)
          return safe.count > maxCellWidth ? String(safe.prefix(maxCellWidth - 1)) + "…" : safe
        }
      }
      var widths = header.map(\.count)
      for row in cut { for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) } }
      func line(_ cells: [String]) -> String {
        cells.enumerated().map { i, cell in
          let pad = String(repeating: " ", count: max(0, widths[i] - cell.count))
          if i == cells.count - 1 && !rightAligned.contains(i) { return cell }
          return rightAligned.contains(i) ? pad + cell : cell + pad
        }.joined(separator: "  ")
      }
      out += line(header) + "\n"
      for row in cut { out += line(row) + "\n" }
    } else {
      for row in rows { out += row.map(TerminalText.safe).joined(separator: "\t") + "\n" }
    }
    FileHandle.standardOutput.write(Data(out.utf8))
  }
}
