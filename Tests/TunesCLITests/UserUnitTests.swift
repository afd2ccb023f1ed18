// The systemd user unit's own command (Packaging/tunes.service, ExecStart), run as systemd runs it: it
// brings the saved session back, and both ways a user ends it, `systemctl --user stop tunes` (SIGTERM)
// and `tunes quit`, end it with status 0 (so `Restart=on-failure` leaves it ended) and the state saved.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent), .serialized)
struct UserUnitTests {
  /// The arguments ExecStart gives `tunes`.
  static func unitArguments() throws -> [String] {
    let unit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Packaging/tunes.service")
    let text = try String(contentsOf: unit, encoding: .utf8)
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
    let words = line.dropFirst("ExecStart=".count).split(separator: " ").map(String.init)
    try #require(words.first == "@BINDIR@/tunes", "\(line)")
    return Array(words.dropFirst())
  }

  @Test func unitCommandRestoresAndEndsCleanlyBothWays() async throws {
    let home = try PlayerHome()
    home.extraEnvironment = ["TUNES_ALSA_DEVICE": "null"]
    try home.makeSong("1.mp3", title: "One", artist: "Ada", album: "First", seconds: 60)
    try home.makeSong("2.mp3", title: "Two", artist: "Ada", album: "First", seconds: 60)
    try #require(try await home.tunes("index", home.music).status == 0)
    let arguments = try Self.unitArguments()
    let binary = try #require(builtTunes)

    let first = try ChildProcess.start(binary, arguments, environment: home.environment)
    defer { first.stop() }
    #expect(try await home.waitFor(20) { FileManager.default.fileExists(atPath: home.socket) })
    #expect(try await home.mpc("next").status == 0)
    #expect(try await home.mpc("seek", "0:20").status == 0)
    first.kill(SIGTERM)  // systemctl --user stop tunes
    #expect(await first.wait() == 0, "\(first.errors)")

    let second = try ChildProcess.start(binary, arguments, environment: home.environment)
    defer { second.stop() }
    #expect(try await home.waitFor(20) { FileManager.default.fileExists(atPath: home.socket) })
    let restored = try await statusJSON(home)
    #expect(restored["state"] as? String == "play")
    #expect((restored["song"] as? [String: Any])?["title"] as? String == "Two")
    #expect((restored["elapsedMs"] as? Int ?? 0) >= 20_000, "\(restored)")
    #expect(try await home.tunes("quit").status == 0)
    #expect(await second.wait() == 0, "\(second.errors)")
    #expect(!FileManager.default.fileExists(atPath: home.socket))
  }
}
