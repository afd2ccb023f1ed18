// End to end in tmux: the message line is for the moment, as in cmus and ncmpcpp. A report of what was
// done ("added 1 song") goes by itself after a few seconds; an error stays while no key is pressed, and
// the next key clears it.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent && tmuxInstalled), .serialized)
struct FullScreenUIMessageTests {
  @Test func aReportGoesByItselfAndAnErrorGoesWithTheNextKey() async throws {
    let home = try await FullScreenUITests.library()
    _ = try await home.startDaemon(["--device", "null", "--pace", "realtime"])
    defer { _ = try? runProcess(try! #require(builtTunes), ["quit"], environment: home.environment) }
    let pane = try TmuxPane(home: home, command: [try #require(builtTunes), "ui"], width: 120, height: 20)
    try await pane.expectShows("Album artists", "Anna")

    try pane.send("a")
    try await pane.expectShows("added 2 songs")
    // No key: the report goes on its own and the message line (the last row) is blank again (a minute's
    // limit, for a busy machine).
    let (gone, screen) = try await pane.waitFor { rows in
      rows.count >= 20 && rows[19].trimmingCharacters(in: .whitespaces).isEmpty
    }
    #expect(gone, "the report stayed:\n\(screen)")

    // An error is still there after the time a report would have gone, until a key.
    try pane.type(":save")
    try pane.send("Enter")
    try await pane.expectShows("takes the new playlist's name")
    try await Task.sleep(for: .seconds(8))
    #expect(try pane.screen().contains { $0.contains("takes the new playlist's name") })
    try pane.send("j")
    let (cleared, after) = try await pane.waitFor { rows in !rows.contains { $0.contains("playlist's name") } }
    #expect(cleared, "the error stayed after a key:\n\(after)")

    try pane.send("q")
    try await pane.expectShows("[exited 0]")
  }
}
