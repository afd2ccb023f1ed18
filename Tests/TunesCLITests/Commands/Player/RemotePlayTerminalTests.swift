// `tunes play QUERY` with a player already running hands it the songs instead of opening the UI; in a
// terminal (a tmux pane) it says so and where to watch, while a script reading its output gets the plain
// line.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent && tmuxInstalled), .serialized)
struct RemotePlayTerminalTests {
  @Test func playInATerminalSaysTheRunningPlayerTookTheSongs() async throws {
    let home = try await FullScreenUITests.library()
    _ = try await home.startDaemon(["--device", "null"])
    defer { _ = try? runProcess(try! #require(builtTunes), ["quit"], environment: home.environment) }

    let piped = try await home.tunes("play", "Noon")
    #expect(piped.status == 0 && piped.out == "the running player now plays 1 song\n", "\(piped.out) \(piped.err)")

    let pane = try TmuxPane(home: home, command: [try #require(builtTunes), "play", "Night"], width: 120, height: 10)
    try await pane.expectShows("the running player now plays 1 song; `tunes ui` to watch it", "[exited 0]")
    let current = try await home.tunes("current")
    #expect(current.out.contains("Night"), "\(current.out)")
  }
}
