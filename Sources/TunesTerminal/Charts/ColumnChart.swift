// Vertical bars over time (listening activity): columns of ▁▂▃▄▅▆▇█ stacked over several rows, the
// peak written on the left, the first and last bucket named underneath; and the one-line sparkline.
public enum ColumnChart {
  /// Partial blocks for 1…7 eighths of a row.
  static let eighths = ["", "▁", "▂", "▃", "▄", "▅", "▆", "▇"]

  /// `height` rows of bars plus one line of labels, at most `width` columns. When there are more
  /// values than columns the most recent ones are kept.
  public static func render(values: [Int], labels: [String], height: Int, width: Int, style: ChartStyle = .plain) -> [String] {
    guard !values.isEmpty, height > 0 else { return [] }
    let gutter = String(values.max() ?? 0).count + 1
    let room = max(1, width - gutter)
    let shown = Array(values.suffix(room))
    let shownLabels = Array(labels.suffix(shown.count))
    let maxValue = shown.max() ?? 0
    // Up to three columns per bucket: a bar of width-1 and a gap, so neighbours stay apart.
    let columnWidth = max(1, min(3, room / shown.count))
    let barWidth = columnWidth == 1 ? 1 : columnWidth - 1
    let units = shown.map { value -> Int in
      guard value > 0, maxValue > 0 else { return 0 }
      return max(1, Int((Double(value) / Double(maxValue) * Double(height * 8)).rounded()))
    }
    var lines: [String] = []
    for row in 0..<height {
      let level = height - 1 - row  // 0 is the bottom row
      var line = DisplayWidth.pad(row == 0 ? String(maxValue) : (row == height - 1 ? "0" : ""), to: gutter - 1, right: true) + " "
      for u in units {
        let cell: String
        if u >= (level + 1) * 8 {
          cell = "█"
        } else if u > level * 8 {
          cell = eighths[u - level * 8]
        } else {
          cell = " "
        }
        let drawn = String(repeating: cell, count: barWidth)
        line +=
          (cell == " " ? drawn : style.paint(drawn, ChartStyle.barCode)) + String(repeating: " ", count: columnWidth - barWidth)
      }
      lines.append(trimRight(line))
    }
    lines.append(axis(shownLabels, gutter: gutter, span: shown.count * columnWidth, style: style))
    return lines
  }

  /// The first label at the left edge of the bars and the last one ending at their right edge.
  static func axis(_ labels: [String], gutter: Int, span: Int, style: ChartStyle) -> String {
    guard let first = labels.first else { return "" }
    let pad = String(repeating: " ", count: gutter)
    guard labels.count > 1, let last = labels.last, DisplayWidth.of(first) + DisplayWidth.of(last) + 1 <= span else {
      return pad + style.paint(DisplayWidth.fit(first, cells: max(1, span)), ChartStyle.dimCode)
    }
    let gap = String(repeating: " ", count: span - DisplayWidth.of(first) - DisplayWidth.of(last))
    return pad + style.paint(first, ChartStyle.dimCode) + gap + style.paint(last, ChartStyle.dimCode)
  }

  /// One character per value: ▁ for the smallest non-zero share up to █ for the peak, space for zero.
  public static func sparkline(_ values: [Int], style: ChartStyle = .plain) -> String {
    let blocks = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    let maxValue = values.max() ?? 0
    let text = values.map { value -> String in
      guard value > 0, maxValue > 0 else { return " " }
      let index = Int((Double(value) / Double(maxValue) * 8).rounded(.up)) - 1
      return blocks[min(7, max(0, index))]
    }.joined()
    return style.paint(text, ChartStyle.barCode)
  }

  static func trimRight(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
}
