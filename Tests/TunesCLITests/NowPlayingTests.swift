// One song, rendered the same everywhere it is shown as playing: the player's own status line (on a
// terminal, here tmux's), `tunes status`, `tunes current` and the current row of `tunes queue` all write
// "Artist – Title · Album" and, where they show time, the same `elapsed/length` clock.
import Foundation
import Testing
import TunesTestSupport

private let tmuxPresent = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")

@Suite(.enabled(if: playerToolsPresent && tmuxPresent), .serialized)
struct NowPlayingTests {
  /// The first "Ada – One · First" in `text`, with the clock that follows it when there is one.
  private func rendering(in text: String) -> String? {
    guard let start = text.range(of: "Ada – One · First") else { return nil }
    let rest = text[start.upperBound...]
    let clock = rest.prefix { $0 != "\n" }.split(separator: " ", omittingEmptySubsequences: true).first
    let name = String(text[start])
    guard let clock, clock.contains("/") else { return name }
    return name + "  " + clock
  }

  @Test func theSameSongReadsTheSameInEachView() async throws {
    let home = try PlayerHome()
    try home.makeSong("A/1 one.mp3", title: "One", artist: "Ada", album: "First", seconds: 30)
    try home.makeSong("A/2 two.mp3", title: "Two", artist: "Ada", album: "First", seconds: 30)
    try #require(try await home.tunes("index", home.music).status == 0)

    // The one-line player (`--line`; without it a terminal gets the full-screen UI), in a detached tmux
    // session of its own.
    let tmuxSocket = home.root + "/tmux.sock"
    let environment = home.environment.merging(["LANG": "C.UTF-8", "TERM": "xterm-256color"]) { $1 }
    let binary = try #require(builtTunes)
    let tmux: @Sendable ([String]) throws -> ToolResult = { arguments in
      try runProcess("/usr/bin/tmux", ["-u", "-S", tmuxSocket, "-f", "/dev/null"] + arguments, environment: environment)
    }
    let started = try tmux(["new-session", "-d", "-x", "150", "-y", "5", "exec \(binary) play --line --device null ada"])
    try #require(started.status == 0, "tmux: \(started.err)")
    defer { _ = try? tmux(["kill-server"]) }
    #expect(try await home.waitFor(10) { FileManager.default.fileExists(atPath: home.socket) })

    // Paused, so the clock stands still while each view is read.
    #expect(try await home.tunes("pause").status == 0)
    #expect(try await home.waitFor(10) { (try tmux(["capture-pane", "-p"])).out.contains("⏸") })
    try await Task.sleep(for: .milliseconds(300))

    let status = try await home.tunes("status")
    let current = try await home.tunes("current")
    let queue = try await home.tunes("queue")
    let pane = try tmux(["capture-pane", "-p"])
    for result in [status, current, queue, pane] { #expect(result.status == 0, "\(result.err)") }

    // `tunes status` alone skips the argument parser (Tunes.main); with an option it goes through it, and
    // `tunes` alone is the same command: all three print the same line.
    let parsed = try await home.tunes("status", "--db", home.root + "/library.db")
    let bare = try await home.tunes(arguments: [])
    #expect(parsed.status == 0 && parsed.out == status.out, "parsed: \(parsed.out) \(parsed.err)")
    #expect(bare.status == 0 && bare.out == status.out, "bare: \(bare.out) \(bare.err)")

    let fromStatus = try #require(rendering(in: status.out), "status: \(status.out)")
    #expect(fromStatus.hasPrefix("Ada – One · First  0:"), "\(fromStatus)")
    #expect(fromStatus.hasSuffix("/0:30"), "\(fromStatus)")
    #expect(rendering(in: pane.out) == fromStatus, "player: \(pane.out)")
    let currentRow = try #require(queue.out.split(separator: "\n").first { $0.hasPrefix(">") }, "queue: \(queue.out)")
    #expect(rendering(in: String(currentRow)) == fromStatus, "queue: \(queue.out)")
    #expect(current.out == "Ada – One · First\n", "current: \(current.out)")
    // The other queue rows: the same name, with the song's length alone.
    #expect(queue.out.contains(" 2. Ada – Two · First  0:30"), "queue: \(queue.out)")
    #expect(try await home.tunes("quit").status == 0)
  }
}
