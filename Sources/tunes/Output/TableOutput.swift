// Printing rows for people and for scripts: aligned columns with a header on a terminal, fitted to its
// width in display cells (TableLayout); tab-separated rows without a header when stdout is piped; either
// way every cell through TerminalText.
import Foundation
import TunesTerminal

enum TableOutput {
  /// On a terminal, no rows print `empty` (e.g. "no songs match") instead of a lone header; piped, nothing.
  static func print(header: [String], rows: [[String]], rightAligned: Set<Int> = [], empty: String = "nothing to list") {
    var out = ""
    if rows.isEmpty {
      if TerminalInfo.isTerminal(STDOUT_FILENO) { Swift.print(empty) }
      return
    }
    // Cells go through TerminalText: tabs and line breaks become spaces, so a cell never spills into
    // the next column or row, and no control character reaches the terminal.
    if TerminalInfo.isTerminal(STDOUT_FILENO) {
      let safe = rows.map { $0.map(TerminalText.safe) }
      let lines = TableLayout.lines(header: header, rows: safe, rightAligned: rightAligned, width: TerminalInfo.width())
      for line in lines { out += line + "\n" }
    } else {
      for row in rows { out += row.map(TerminalText.safe).joined(separator: "\t") + "\n" }
    }
    FileHandle.standardOutput.write(Data(out.utf8))
  }
}
