// `tunes play --daemon --foreground`, as a systemd unit runs it: the player stays the started process,
// logs to standard error, serves its socket, and on SIGTERM (systemctl stop) saves its state and exits 0.
// Also `tunes` alone, which shows the running player's status as `mpc` alone does.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent), .serialized)
struct ForegroundPlayerTests {
  @Test func foregroundPlayerServesAndSavesOnSIGTERM() async throws {
    let home = try PlayerHome()
    try home.makeSong("A/1 one.mp3", title: "One", artist: "Ada", album: "First", seconds: 30)
    try #require(try await home.tunes("index", home.music).status == 0)

    let child = try ChildProcess.start(
      try #require(builtTunes), ["play", "--daemon", "--foreground", "--device", "null"], environment: home.environment)
    defer { child.stop() }
    #expect(try await home.waitFor(10) { FileManager.default.fileExists(atPath: home.socket) })
    let bare = try await home.tunes(arguments: [])
    let status = try await home.tunes("status")
    #expect(bare.status == 0 && bare.out == status.out, "\(bare.err)")
    #expect(bare.out.contains("One"))
    #expect(try await home.tunes("pause").status == 0)

    child.kill(SIGTERM)
    let pid = child.pid
    try #require(try await home.waitFor(10) { PlayerHome.ended(pid) })
    #expect(await child.wait() == 0)
    #expect(!FileManager.default.fileExists(atPath: home.socket))

    // The paused session comes back paused, with its song, in the next player.
    let again = try await home.startDaemon(["--device", "null"])
    let restored = try await statusJSON(home)
    #expect(restored["state"] as? String == "pause")
    #expect((restored["song"] as? [String: Any])?["title"] as? String == "One")
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(10) { PlayerHome.ended(again) })

    // `tunes` alone with no player says so, as `tunes status` does.
    let none = try await home.tunes(arguments: [])
    #expect(none.status == 69 && none.err.contains("no tunes player is running"))
  }

  @Test func foregroundNeedsDaemon() async throws {
    let home = try PlayerHome()
    let refused = try await home.tunes("play", "--foreground")
    #expect(refused.status == 64 && refused.err.contains("--foreground only changes --daemon"))
  }
}
