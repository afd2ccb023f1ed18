// tunes' own client commands (status, pause, seek, …) run as the built `tunes` binary against a
// server on a test socket, through TUNES_MPD_SOCKET.
import Foundation
import Testing
import TunesMPD
import TunesMPDTesting

@testable import TunesControl

/// The `tunes` executable next to the test runner, when this build produced it.
let tunesBinary: String? = {
  let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  for candidate in [folder, folder.deletingLastPathComponent()] {
    let path = candidate.appendingPathComponent("tunes").path
    if FileManager.default.isExecutableFile(atPath: path) { return path }
  }
  return nil
}()

func tunes(socket: String, _ arguments: String...) async throws -> (out: String, err: String, status: Int32) {
  let binary = try #require(tunesBinary)
  let result = try await ChildProcess.run(
    binary, arguments, environment: ["TUNES_MPD_SOCKET": socket, "HOME": "/tmp", "PATH": "/usr/bin:/bin"])
  return (result.output, result.errors, result.status)
}

@Suite(.enabled(if: tunesBinary != nil))
struct CLIClientTests {
  @Test func controlCommandsChangeTheRunningPlayer() async throws {
    let h = try await Harness.start()
    defer { h.stop() }
    let memory = try #require(h.memory)
    let s = h.socket
    // `tunes add` chooses songs from the library, which this harness has none of: queued as MPD does it.
    try await offCooperativePool {
      _ = try MPDClient(socketPath: s, timeoutSeconds: replySeconds).run("searchadd", ["any", "beatles", "any", "abbey"])
    }
    #expect(try await h.backend.status().playlistLength == 2)
    #expect(try await tunes(socket: s, "toggle").status == 0)
    #expect(await memory.status().state == .play)
    _ = try await tunes(socket: s, "seek", "100")
    _ = try await tunes(socket: s, "seek", "-40")
    _ = try await tunes(socket: s, "seek", "+5.5")
    #expect(await memory.status().elapsed == 65.5)
    _ = try await tunes(socket: s, "volume", "30")
    _ = try await tunes(socket: s, "volume", "-10")
    #expect(try await tunes(socket: s, "volume").out == "volume 20%\n")
    _ = try await tunes(socket: s, "shuffle", "on")
    _ = try await tunes(socket: s, "repeat", "one")
    let status = await memory.status()
    #expect(status.random && status.repeatMode && status.single == .on)
    #expect(
      try await tunes(socket: s, "status").out
        == "▶ The Beatles – Come Together · Abbey Road  1:06/4:20  #1/2  shuffle on  repeat one  volume 20%\n")
    let json = try await tunes(socket: s, "status", "--json").out
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(
      object["state"] as? String == "play" && object["elapsedMs"] as? Int == 65500 && object["durationMs"] as? Int == 259500)
    #expect(object["position"] as? Int == 0 && object["queueLength"] as? Int == 2 && object["shuffle"] as? Bool == true)
    #expect(object["repeat"] as? String == "one" && object["volume"] as? Int == 20)
    #expect((object["song"] as? [String: Any])?["title"] as? String == "Come Together")

    _ = try await tunes(socket: s, "next")
    #expect(try await tunes(socket: s, "current").out == "The Beatles – Something · Abbey Road\n")
    #expect(
      try await tunes(socket: s, "queue").out
        == " 1. The Beatles – Come Together · Abbey Road  4:20\n>2. The Beatles – Something · Abbey Road  0:00/3:02\n")
    let queue = try #require(
      try JSONSerialization.jsonObject(with: Data(try await tunes(socket: s, "queue", "--json").out.utf8)) as? [[String: Any]])
    #expect(queue.map { $0["id"] as? Int } == [1, 2])
    _ = try await tunes(socket: s, "prev")
    _ = try await tunes(socket: s, "pause")
    #expect(await memory.status().state == .pause)
    _ = try await tunes(socket: s, "resume")
    #expect(await memory.status().state == .play)
    _ = try await tunes(socket: s, "stop")
    _ = try await tunes(socket: s, "repeat", "off")
    _ = try await tunes(socket: s, "clear")
    let final = await memory.status()
    #expect(final.state == .stop && final.playlistLength == 0 && !final.repeatMode && final.single == .off)
    _ = try await tunes(socket: s, "quit")
    #expect(await memory.calls.last == "kill")
  }

  @Test func errorsAreOneLineWithTheirStatus() async throws {
    let h = try await Harness.start()
    defer { h.stop() }
    let none = try await tunes(socket: h.folder + "/nobody.sock", "status")
    #expect(none.status == 69)
    #expect(none.err == "tunes: no tunes player is running (start one with `tunes play`)\n")
    let missing = h.folder + "/no-library.db"
    let nothing = try await tunes(socket: h.socket, "add", "no-such-words", "--db", missing)
    #expect(nothing.status == 66 && nothing.err == "tunes: the library at \(missing) does not exist; run `tunes index` first\n")
    let refused = try await tunes(socket: h.socket, "seek", "10")
    // Seeking with nothing playing changes nothing, and says so as `pause` does.
    #expect(refused.status == 1 && refused.err == "tunes: nothing is playing\n")
    #expect(try await tunes(socket: h.socket, "volume", "101").status == 64)
    #expect(try await tunes(socket: h.socket, "repeat", "sometimes").status == 64)
  }
}
