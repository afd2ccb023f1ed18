// End to end in tmux: the mouse as a person uses it, sent as the terminal's SGR mouse reports: the wheel
// scrolls a long list, a double click on a song plays it.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent && tmuxInstalled), .serialized)
struct FullScreenUIMouseTests {
  static func name(_ number: Int) -> String { number < 10 ? "Song 0\(number)" : "Song \(number)" }

  /// The list's rows (the now-playing bar below them names the playing song too).
  static func list(_ rows: [String]) -> [String] { Array(rows.prefix(9).dropFirst(2)) }

  @Test func theWheelScrollsAndADoubleClickPlays() async throws {
    let home = try PlayerHome()
    for number in 1...20 {
      try home.makeSong("\(Self.name(number)).mp3", title: Self.name(number), artist: "Anna", album: "Day", seconds: 60)
    }
    try #require(try await home.tunes("index", home.music).status == 0)
    _ = try await home.startDaemon(["--device", "null", "--pace", "realtime"])
    defer { _ = try? runProcess(try! #require(builtTunes), ["quit"], environment: home.environment) }
    // 12 rows: the songs view shows 7 songs at a time.
    let pane = try TmuxPane(home: home, command: [try #require(builtTunes), "ui"], width: 100, height: 12)
    try pane.send("2")
    try await pane.expectShows("Songs (20)", Self.name(1), Self.name(7))
    #expect(try !pane.text().contains(Self.name(8)))

    // Four turns of the wheel down (three rows each) over the list: the first songs scroll away.
    let wheelDown = "\u{1B}[<65;20;5M"
    try pane.type(String(repeating: wheelDown, count: 4))
    let (scrolled, screen) = try await pane.waitFor { rows in
      Self.list(rows).contains { $0.contains(Self.name(13)) } && !Self.list(rows).contains { $0.contains(Self.name(1)) }
    }
    #expect(scrolled, "after the wheel:\n\(screen)")
    // And back up: the first song is there again.
    try pane.type(String(repeating: "\u{1B}[<64;20;5M", count: 6))
    let (back, top) = try await pane.waitFor { rows in Self.list(rows).contains { $0.contains(Self.name(1)) } }
    #expect(back, "after the wheel up:\n\(top)")

    // A double click on the third song (row 5 of the pane, the list's first song being on row 3) plays it.
    try await pane.expectShows("Song 01 — Anna")
    let click = "\u{1B}[<0;20;5M\u{1B}[<0;20;5m"
    try pane.type(click + click)
    try await pane.expectShows("Song 03 — Anna")
    let status = try await statusJSON(home)
    #expect((status["song"] as? [String: Any])?["title"] as? String == "Song 03", "\(status)")
    try pane.send("q")
    try await pane.expectShows("[exited 0]")
  }
}
