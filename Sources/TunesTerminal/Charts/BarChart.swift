// Horizontal bar charts (top artists, countries): label, a bar in eighths of a column drawn with
// ▏▎▍▌▋▊▉█, and the value; the longest bar fills the room the width leaves.
public struct BarRow: Sendable, Equatable {
  public var label: String
  public var value: Int

  public init(_ label: String, _ value: Int) {
    self.label = label
    self.value = value
  }
}

public enum BarChart {
  /// Partial blocks for 1…7 eighths of a column.
  static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

  /// One line per row, each at most `width` columns when the width holds the values and a one-column
  /// bar: the labels give way first, down to nothing.
  public static func render(_ rows: [BarRow], width: Int, style: ChartStyle = .plain) -> [String] {
    guard !rows.isEmpty else { return [] }
    let maxValue = rows.map(\.value).max() ?? 0
    let valueWidth = rows.map { String($0.value).count }.max() ?? 1
    let longestLabel = rows.map { DisplayWidth.of($0.label) }.max() ?? 0
    // Labels get at most half of what the values leave (at least 6 columns while the bar keeps one);
    // the bar gets the rest.
    let room = width - valueWidth - 2
    let labelWidth = min(longestLabel, room >= 7 ? max(6, room / 2) : max(room - 1, 0))
    let barWidth = max(1, room - labelWidth)
    return rows.map { row in
      let bar = self.bar(row.value, of: maxValue, width: barWidth)
      let padding = String(repeating: " ", count: barWidth - DisplayWidth.of(bar))
      return DisplayWidth.column(row.label, cells: labelWidth) + " " + style.paint(bar, ChartStyle.barCode) + padding + " "
        + DisplayWidth.pad(String(row.value), to: valueWidth, right: true)
    }
  }

  /// A bar of `value / maxValue × width` columns, rounded to the nearest eighth; any value above
  /// zero shows at least one eighth so it is not mistaken for nothing.
  public static func bar(_ value: Int, of maxValue: Int, width: Int) -> String {
    guard value > 0, maxValue > 0, width > 0 else { return "" }
    var units = Int((Double(value) / Double(maxValue) * Double(width * 8)).rounded())
    units = min(max(units, 1), width * 8)
    return String(repeating: "█", count: units / 8) + eighths[units % 8]
  }
}
