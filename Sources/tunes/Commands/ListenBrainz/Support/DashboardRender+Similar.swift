// Similar users drawn for `tunes lb users --similar` and the dashboard: one bar per user, the
// similarity (0…1 on the wire) as a percentage, most similar first.
import TunesListenBrainz
import TunesTerminal

extension DashboardRender {
  func similarUsers(_ list: SimilarUsers, count: Int? = nil) -> [String] {
    let head = "Users with a taste like \(list.user)'s (similarity, %)"
    guard !list.users.isEmpty else { return [title(head), dim("no similar users calculated yet")] }
    let shown = count.map { Array(list.users.prefix($0)) } ?? list.users
    let rows = shown.map { BarRow(TerminalText.safe($0.user), Int(($0.similarity * 100).rounded())) }
    return [title(head)] + BarChart.render(rows, width: width, style: style)
  }
}
