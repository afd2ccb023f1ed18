// End to end: a paused song's clock reads the same in `tunes status`, the full-screen UI and mpc. The
// song is 2.6 s long and paused at 1.7 s, so a view that truncates (0:01/0:02) disagrees with mpc, which
// shows mpd's `time:` field rounded to the nearest second (0:02/0:03).
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent && tmuxInstalled), .serialized)
struct ClockAgreementTests {
  @Test func statusUIAndMpcShowOneClock() async throws {
    let home = try PlayerHome()
    // A FLAC holds its length to the sample (an MP3's encoder pads it): exactly 2.6 s.
    let sox = try runProcess(
      "/usr/bin/sox", ["-n", "-r", "8000", "-c", "1", home.music + "/short.flac", "synth", "2.6", "sine", "440"],
      environment: home.environment)
    try #require(sox.status == 0, "sox: \(sox.err)")
    try #require(try await home.tunes("index", home.music).status == 0)
    let pid = try await home.startDaemon(["--device", "null", "--pace", "realtime"])
    defer { kill(pid, SIGKILL) }
    if try await statusJSON(home)["state"] as? String == "play" { #expect(try await home.tunes("pause", "-q").status == 0) }
    let seek = try await home.tunes("seek", "1.7", "-q")
    try #require(seek.status == 0, "seek: \(seek.err)")
    #expect(try await statusJSON(home)["elapsedMs"] as? Int == 1_700)

    let mpc = try await home.mpc("status")
    #expect(mpc.out.contains("[paused]") && mpc.out.contains(" 0:02/0:03 "), "mpc: \(mpc.out)")
    let status = try await home.tunes("status")
    #expect(status.out.contains("0:02/0:03"), "tunes status: \(status.out)")
    let listed = try await home.tunes("ls", "songs", "-f", "$length")
    #expect(listed.out == "0:03\n", "tunes ls: \(listed.out)")

    let pane = try TmuxPane(home: home, command: [try #require(builtTunes), "ui"], width: 120, height: 30)
    let (shown, screen) = try await pane.waitFor { rows in rows.contains { $0.contains("0:02 / 0:03") } }
    #expect(shown, "UI:\n\(screen)")
    try pane.send("q")
    try await pane.expectShows("[exited 0]")
  }
}
