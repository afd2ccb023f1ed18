// End to end: the full-screen UI's details view shows the gain the player applies to the song, in the
// words of `tunes info`: the track gain `tunes loudness` measured (over the LAME header's estimate),
// and the dB applied under the player's ReplayGain mode.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent && tmuxInstalled), .serialized)
struct FullScreenUIGainTests {
  @Test func theDetailsShowTheMeasuredAndAppliedGain() async throws {
    let home = try PlayerHome()
    try home.makeSong("A/1 morning.mp3", title: "Morning", artist: "Anna", album: "Day", seconds: 60)
    try #require(try await home.tunes("index", home.music).status == 0)
    let measured = try await home.tunes("loudness")
    try #require(measured.status == 0, "\(measured.err)")
    try #require(try await home.tunes("replaygain", "track").status == 0)
    let info = try await home.tunes("info", home.music + "/A/1 morning.mp3", "--json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(info.out.utf8)) as? [String: Any])
    let trackGain = try #require(object["track_gain"] as? Double)
    let applied = try #require(object["applied_gain"] as? Double)
    #expect(object["track_gain_source"] as? String == "measured")

    _ = try await home.startDaemon(["--device", "null", "--pace", "realtime"])
    defer { _ = try? runProcess(try! #require(builtTunes), ["quit"], environment: home.environment) }
    let pane = try TmuxPane(home: home, command: [try #require(builtTunes), "ui"], width: 200, height: 30)
    try await pane.expectShows("Album artists")
    try pane.send("6")
    let gain = String(format: "%+.2f dB", trackGain)
    let (shown, screen) = try await pane.waitFor { rows in
      rows.contains { $0.contains("Track gain:") && $0.contains(gain) && $0.contains("measured by tunes loudness") }
        && rows.contains { $0.contains("Applied gain:") && $0.contains(String(format: "%+.2f dB", applied)) }
    }
    #expect(shown, "details:\n\(screen)")
    try pane.send("q")
    try await pane.expectShows("[exited 0]")
  }
}
