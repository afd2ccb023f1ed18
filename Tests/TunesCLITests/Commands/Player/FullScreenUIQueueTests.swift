// End to end in tmux: the queue view with shuffle on lists the songs in the order the player plays them
// (each `b` plays the row under the current one), and `o` switches to the queue's own order.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent && tmuxInstalled), .serialized)
struct FullScreenUIQueueTests {
  static let titles = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel"]

  /// The titles in the queue view's rows, top to bottom.
  static func listed(_ rows: [String]) -> [String] {
    rows.compactMap { row in titles.first { row.contains(" \($0) ") } }
  }

  @Test func theQueueWithShuffleOnIsInPlayOrder() async throws {
    let home = try PlayerHome()
    for (index, title) in Self.titles.enumerated() {
      try home.makeSong(
        "\(index + 1) \(title).mp3", title: title, artist: "Artist \(index)", album: "Album \(index)", seconds: 60)
    }
    try #require(try await home.tunes("index", home.music).status == 0)
    _ = try await home.startDaemon(["--device", "null", "--pace", "realtime"])
    defer { _ = try? runProcess(try! #require(builtTunes), ["quit"], environment: home.environment) }
    #expect(try await home.mpc("random", "on").status == 0)
    let pane = try TmuxPane(home: home, command: [try #require(builtTunes), "ui"], width: 120, height: 20)
    try pane.send("3")
    try await pane.expectShows("Queue (8) · play order")
    let (full, shown) = try await pane.waitFor { Self.listed($0).count == 8 }
    #expect(full, "\(shown)")
    let playOrder = Self.listed(try pane.screen())
    // Each `b` plays the song listed under the current one.
    for _ in 0..<4 {
      let rows = try pane.screen()
      let current = try #require(rows.firstIndex { $0.hasPrefix("▶") }, "\(rows.joined(separator: "\n"))")
      let next = try #require(Self.listed([rows[current + 1]]).first)
      try pane.send("b")
      let (played, screen) = try await pane.waitFor { rows in rows.contains { $0.hasPrefix("\(next) — ") } }
      #expect(played, "after b, \(next) should play:\n\(screen)")
    }
    // `o`: the queue's own order, the order the songs were added in.
    try pane.send("o")
    try await pane.expectShows("Queue (8) · queue order")
    let (inQueueOrder, screen) = try await pane.waitFor { Self.listed($0) == Self.titles }
    #expect(inQueueOrder, "\(screen)")
    #expect(playOrder != Self.titles)
    try pane.send("q")
    try await pane.expectShows("[exited 0]")
  }
}
