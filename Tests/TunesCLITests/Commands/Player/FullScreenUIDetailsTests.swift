// End to end in tmux: the details view of a queued song reads as the details of a library song do: its
// length as the clock every other view shows (not MPD's raw `duration: 60.000`), and every value in one
// column (the player's tags and the library's lines were padded to two widths).
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent && tmuxInstalled), .serialized)
struct FullScreenUIDetailsTests {
  /// The column each `Label:   value` row's value starts at (labels of one word: the other rows of the
  /// screen, the tabs and the progress bar, have spaces before their first colon).
  static func valueColumns(_ rows: [String]) -> [String: Int] {
    var columns: [String: Int] = [:]
    for row in rows {
      guard let colon = row.firstIndex(of: ":"), !row[..<colon].contains(" ") else { continue }
      let afterColon = row[row.index(after: colon)...]
      guard let valueStart = afterColon.firstIndex(where: { $0 != " " }) else { continue }
      columns[String(row[..<colon])] = row.distance(from: row.startIndex, to: valueStart)
    }
    return columns
  }

  @Test func theQueuedSongsDetailsShowItsLengthAsAClockInOneColumn() async throws {
    let home = try PlayerHome()
    try home.makeSong("A/1 morning.mp3", title: "Morning", artist: "Anna", album: "Day", seconds: 60)
    try #require(try await home.tunes("index", home.music).status == 0)
    _ = try await home.startDaemon(["--device", "null", "--pace", "realtime"])
    defer { _ = try? runProcess(try! #require(builtTunes), ["quit"], environment: home.environment) }
    let pane = try TmuxPane(home: home, command: [try #require(builtTunes), "ui"], width: 120, height: 30)
    try pane.send("3")
    try await pane.expectShows("Queue (1)")
    try pane.send("6")
    let (shown, screen) = try await pane.waitFor { rows in
      rows.contains { $0.hasPrefix("Plays:") } && rows.contains { $0.hasPrefix("Title:") }
    }
    try #require(shown, "details:\n\(screen)")
    let rows = try pane.screen()
    #expect(rows.contains { $0.hasPrefix("Length:") && $0.hasSuffix(" 1:00") }, "\(rows.joined(separator: "\n"))")
    #expect(!rows.contains { $0.hasPrefix("duration:") }, "\(rows.joined(separator: "\n"))")
    let columns = Self.valueColumns(rows)
    for label in ["File", "Title", "Artist", "Length", "ReplayGain", "Plays"] {
      #expect(columns[label] != nil, "no \(label):\n\(rows.joined(separator: "\n"))")
    }
    #expect(Set(columns.values).count == 1, "values in several columns: \(columns)")
    try pane.send("q")
    try await pane.expectShows("[exited 0]")
  }
}
