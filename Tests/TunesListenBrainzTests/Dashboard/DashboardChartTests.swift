// Charts at several widths, with and without colour. Expected lines are worked out from the data
// (bar length = value / max × room, in eighths), not copied from a run.
import Testing

@testable import TunesTerminal

@Suite struct DashboardChartTests {
  static let esc = "\u{1B}["
  func full(_ n: Int) -> String { String(repeating: "█", count: n) }
  func spaces(_ n: Int) -> String { String(repeating: " ", count: n) }

  let bands = [BarRow("Radiohead", 100), BarRow("Björk", 50), BarRow("Can", 25)]

  @Test func barsAt40Columns() {
    // Values take 3 columns, labels 9, so the bars get 40 - 9 - 3 - 2 = 26 columns:
    // 100 → 26 full, 50 → 13 full, 25 → 6.5 = 6 full + ▌ (4 eighths).
    #expect(
      BarChart.render(bands, width: 40) == [
        "Radiohead " + full(26) + " 100",
        "Björk     " + full(13) + spaces(13) + "  50",
        "Can       " + full(6) + "▌" + spaces(19) + "  25",
      ])
  }

  @Test func barsAt20ColumnsCutTheLabels() {
    // Labels get (20 - 3 - 2) / 2 = 7 columns ("Radioh…"), bars 20 - 7 - 3 - 2 = 8: 8, 4 and 2 full.
    let lines = BarChart.render(bands, width: 20)
    #expect(
      lines == [
        "Radioh… " + full(8) + " 100",
        "Björk   " + full(4) + spaces(4) + "  50",
        "Can     " + full(2) + spaces(6) + "  25",
      ])
    #expect(lines.allSatisfy { DisplayWidth.of($0) == 20 })
  }

  @Test func bigValuesInANarrowTerminalCutTheLabelsFurther() {
    // 12-digit values leave 20 - 12 - 2 = 6 columns: a one-column bar and labels of 5 ("Radi…").
    let rows = [BarRow("Radiohead", 123_456_789_012), BarRow("Can", 1)]
    let lines = BarChart.render(rows, width: 20)
    #expect(lines == ["Radi… █ 123456789012", "Can   ▏            1"])
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 20 })
  }

  @Test func barsAt120ColumnsStillProportional() {
    // Bars get 120 - 9 - 3 - 2 = 106 columns: 106, 53 and 26.5 (26 full + ▌).
    let lines = BarChart.render(bands, width: 120)
    #expect(lines[0] == "Radiohead " + full(106) + " 100")
    #expect(lines[1].hasPrefix("Björk     " + full(53) + " "))
    #expect(lines[2].hasPrefix("Can       " + full(26) + "▌ "))
    #expect(lines.allSatisfy { DisplayWidth.of($0) == 120 })
  }

  @Test func colouredBarsAreThePlainOnesWithEscapes() {
    let coloured = BarChart.render(bands, width: 40, style: ChartStyle(colour: true))
    #expect(coloured[0] == "Radiohead " + Self.esc + "36m" + full(26) + Self.esc + "0m" + " 100")
    #expect(coloured.map(ChartStyle.strip) == BarChart.render(bands, width: 40))
  }

  @Test func wideCharactersTakeTwoColumns() {
    // 坂本龍一 is 8 columns; bars get 30 - 8 - 2 - 2 = 18: 10 → 18 full, 5 → 9 full.
    let lines = BarChart.render([BarRow("坂本龍一", 10), BarRow("Can", 5)], width: 30)
    #expect(lines == ["坂本龍一 " + full(18) + " 10", "Can      " + full(9) + spaces(9) + "  5"])
    #expect(lines.allSatisfy { DisplayWidth.of($0) == 30 })
  }

  @Test func tinyValuesStillShowAndZeroShowsNothing() {
    #expect(BarChart.bar(1, of: 1000, width: 10) == "▏")
    #expect(BarChart.bar(3, of: 8, width: 1) == "▍")
    #expect(BarChart.bar(0, of: 8, width: 10) == "")
    #expect(BarChart.bar(5, of: 0, width: 10) == "")
    #expect(BarChart.render([], width: 40) == [])
  }

  @Test func columnsStackEighths() {
    // Height 2 = 16 eighths: 8 → 16 (two full rows), 4 → 8 (bottom row), 2 → 4 (▄), 0 → nothing.
    // Gutter "8 " (2 columns), 18 left for 4 buckets → 3 columns each: a 2-wide bar and a gap.
    let lines = ColumnChart.render(values: [0, 4, 8, 2], labels: ["Mon", "Tue", "Wed", "Thu"], height: 2, width: 20)
    #expect(
      lines == [
        "8" + spaces(7) + "██",
        "0    ██ ██ ▄▄",
        "  Mon      Thu",
      ])
  }

  @Test func columnsKeepTheMostRecentWhenNarrow() {
    // Gutter "10 " leaves 3 columns: the last three values, one column each, height 1 (8 eighths):
    // 8 → 6.4 → ▆, 9 → 7.2 → ▇, 10 → █. The labels "d8" + "d10" do not fit 3 columns: only the first.
    let values = Array(1...10)
    let lines = ColumnChart.render(values: values, labels: values.map { "d\($0)" }, height: 1, width: 6)
    #expect(lines == ["10 ▆▇█", "   d8"])
  }

  @Test func colouredColumns() {
    let lines = ColumnChart.render(values: [1, 2], labels: ["a", "b"], height: 1, width: 10, style: ChartStyle(colour: true))
    // Gutter "2 ", 8 left → 3 columns each; 1 → 4 eighths ▄, 2 → █.
    #expect(lines[0] == "2 " + Self.esc + "36m▄▄" + Self.esc + "0m " + Self.esc + "36m██" + Self.esc + "0m")
    #expect(lines.map(ChartStyle.strip) == ColumnChart.render(values: [1, 2], labels: ["a", "b"], height: 1, width: 10))
  }

  @Test func sparkline() {
    #expect(ColumnChart.sparkline([0, 1, 4, 8]) == " ▁▄█")
    #expect(ColumnChart.sparkline([0, 0]) == "  ")
    #expect(ColumnChart.sparkline([]) == "")
  }

  var week: [[Int]] {
    var counts = Array(repeating: Array(repeating: 0, count: 24), count: 7)
    counts[0][0] = 8  // level 4 █
    counts[0][1] = 4  // 4/8 × 4 = 2 → ▒
    counts[0][2] = 1  // 0.5 → 1 → ░
    counts[6][23] = 6  // 3 → ▓
    return counts
  }
  let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

  @Test func heatmapAt80ColumnsUsesThreeColumnCells() {
    // Labels take 4 columns; (80 - 4) / 24 = 3 columns per hour.
    let lines = Heatmap.render(counts: week, rowLabels: days, width: 80)
    #expect(lines.count == 9)
    #expect(lines[0] == "Mon ███▒▒▒░░░")
    #expect(lines[1] == "Tue")
    #expect(lines[6] == "Sun " + spaces(69) + "▓▓▓")
    // Marks at 4 + hour × 3: 0 at 4, 6 at 22, 12 at 40, 18 at 58.
    #expect(lines[7] == spaces(4) + "0" + spaces(17) + "6" + spaces(17) + "12" + spaces(16) + "18")
    #expect(lines[8] == "    less ░▒▓█ more")
  }

  @Test func heatmapAt40And60Columns() {
    let narrow = Heatmap.render(counts: week, rowLabels: days, width: 40)
    #expect(narrow[0] == "Mon █▒░")
    #expect(narrow[6] == "Sun " + spaces(23) + "▓")
    #expect(narrow[7] == "    0     6     12    18")
    let middle = Heatmap.render(counts: week, rowLabels: days, width: 60)
    #expect(middle[0] == "Mon ██▒▒░░")
    #expect(middle[6] == "Sun " + spaces(46) + "▓▓")
    #expect(middle[7] == spaces(4) + "0" + spaces(11) + "6" + spaces(11) + "12" + spaces(10) + "18")
  }

  @Test func colouredHeatmapShadesGreen() {
    let lines = Heatmap.render(counts: week, rowLabels: days, width: 40, style: ChartStyle(colour: true))
    #expect(
      lines[0] == "Mon " + Self.esc + "38;5;46m█" + Self.esc + "0m" + Self.esc + "38;5;28m▒" + Self.esc + "0m" + Self.esc
        + "38;5;22m░" + Self.esc + "0m")
    #expect(lines.map(ChartStyle.strip) == Heatmap.render(counts: week, rowLabels: days, width: 40))
  }

  @Test func heatmapLevels() {
    #expect(Heatmap.level(0, max: 10) == 0)
    #expect(Heatmap.level(1, max: 10) == 1)
    #expect(Heatmap.level(3, max: 10) == 2)
    #expect(Heatmap.level(10, max: 10) == 4)
    #expect(Heatmap.level(5, max: 0) == 0)
  }

  @Test func widthAndColourRules() {
    #expect(TerminalFacts.width(columns: "100", ioctlWidth: 50) == 100)
    #expect(TerminalFacts.width(columns: "abc", ioctlWidth: 50) == 50)
    #expect(TerminalFacts.width(columns: "0", ioctlWidth: nil) == 80)
    #expect(TerminalFacts.width(columns: nil, ioctlWidth: nil) == 80)
    #expect(TerminalFacts.colourWanted(isTerminal: true, environment: [:]))
    #expect(!TerminalFacts.colourWanted(isTerminal: true, environment: ["NO_COLOR": "1"]))
    #expect(TerminalFacts.colourWanted(isTerminal: true, environment: ["NO_COLOR": ""]))
    #expect(!TerminalFacts.colourWanted(isTerminal: false, environment: [:]))
    #expect(!TerminalFacts.colourWanted(isTerminal: true, environment: ["TERM": "dumb"]))
    #expect(TerminalFacts.colourWanted(isTerminal: false, environment: ["CLICOLOR_FORCE": "1"]))
    #expect(!TerminalFacts.colourWanted(isTerminal: false, environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "x"]))
  }

  @Test func textWidths() {
    #expect(DisplayWidth.of("坂本") == 4)
    #expect(DisplayWidth.of("Björk") == 5)
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.fit("Radiohead", cells: 5) == "Radi…")
    #expect(DisplayWidth.fit("坂本龍一", cells: 5) == "坂本…")
    #expect(DisplayWidth.column("Can", cells: 5) == "Can  ")
    #expect(DisplayWidth.pad("7", to: 3, right: true) == "  7")
  }
}
