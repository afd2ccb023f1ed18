// The 7×24 daily-activity heatmap: one row per weekday, one cell per hour, shaded ░▒▓█ by the share
// of the busiest hour (and green from dark to bright on a colour terminal), with an hour axis below.
public enum Heatmap {
  public static let shades = ["░", "▒", "▓", "█"]

  /// Shade level 0 (no listens) to 4 (the busiest quarter): ceil(value / max × 4).
  public static func level(_ value: Int, max maxValue: Int) -> Int {
    guard value > 0, maxValue > 0 else { return 0 }
    return min(4, max(1, Int((Double(value) / Double(maxValue) * 4).rounded(.up))))
  }

  /// Rows of `counts` (each 24 hours) labelled with `rowLabels`; cells one to three columns wide as
  /// `width` allows; then the hour axis and a legend.
  public static func render(counts: [[Int]], rowLabels: [String], width: Int, style: ChartStyle = .plain) -> [String] {
    let hours = 24
    let labelWidth = (rowLabels.map { DisplayWidth.of($0) }.max() ?? 0) + 1
    let cellWidth = max(1, min(3, (width - labelWidth) / hours))
    let maxValue = counts.joined().max() ?? 0
    var lines: [String] = []
    for (index, row) in counts.enumerated() {
      var line = DisplayWidth.column(index < rowLabels.count ? rowLabels[index] : "", cells: labelWidth)
      for hour in 0..<hours {
        let value = hour < row.count ? row[hour] : 0
        let level = level(value, max: maxValue)
        let cell = String(repeating: level == 0 ? " " : shades[level - 1], count: cellWidth)
        line += level == 0 ? cell : style.paint(cell, ChartStyle.heatCodes[level - 1])
      }
      lines.append(ColumnChart.trimRight(line))
    }
    // Hour marks every six hours where they fit, written from the cell they name.
    var axis = String(repeating: " ", count: labelWidth + hours * cellWidth)
    for hour in stride(from: 0, to: hours, by: 6) {
      let mark = String(hour)
      let start = labelWidth + hour * cellWidth
      axis = replacing(axis, at: start, with: mark)
    }
    lines.append(style.paint(ColumnChart.trimRight(axis), ChartStyle.dimCode))
    let legend = shades.enumerated().map { style.paint($0.element, ChartStyle.heatCodes[$0.offset]) }.joined()
    lines.append(String(repeating: " ", count: labelWidth) + "less " + legend + " more")
    return lines
  }

  static func replacing(_ line: String, at offset: Int, with text: String) -> String {
    var characters = Array(line)
    for (i, character) in text.enumerated() where offset + i < characters.count { characters[offset + i] = character }
    return String(characters)
  }
}
