// Debian's own `mpc` (libmpdclient) driving the server over both backends: the proof that a stock MPD
// client works.
import Foundation
import Testing
import TunesMPD
import TunesMPDTesting

/// Runs mpc against the harness socket; returns stdout (and stderr on failure) with the exit status. mpc
/// waits as long as the tests' own clients (`MPD_TIMEOUT`, seconds; its own is 30, which a busy machine outlasts).
func mpc(_ h: Harness, _ arguments: String...) async throws -> (output: String, status: Int32) {
  let socket = h.socket
  let result = try await ChildProcess.run(
    "/usr/bin/mpc", arguments, environment: ["MPD_HOST": socket, "MPD_TIMEOUT": "\(replySeconds)", "PATH": "/usr/bin:/bin"],
    mergeStderr: true)
  return (result.output, result.status)
}

@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mpc")))
struct MPCTests {
  @Test(arguments: BackendKind.allCases)
  func playbackFromMpc(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    #expect(try await mpc(h, "add", "Beatles").status == 0)
    #expect(try await mpc(h, "playlist").output == "The Beatles - Come Together\nThe Beatles - Something\nThe Beatles - Help!\n")
    let playing = try await mpc(h, "play", "2").output
    #expect(playing.hasPrefix("The Beatles - Something\n[playing] #2/3   0:00/3:02 (0%)\n"))
    #expect(try await mpc(h, "seek", "1:30").output.contains("[playing] #2/3   1:30/3:02 (49%)"))
    #expect(try await mpc(h, "pause").output.contains("[paused]  #2/3"))
    #expect(try await mpc(h, "next").output.hasPrefix("The Beatles - Help!\n"))
    #expect(try await mpc(h, "prev").output.hasPrefix("The Beatles - Something\n"))
    #expect(try await mpc(h, "volume", "35").output.contains("volume: 35%"))
    #expect(try await mpc(h, "random", "on").output.contains("random: on"))
    #expect(try await mpc(h, "repeat", "on").output.contains("repeat: on"))
    #expect(try await mpc(h, "current").output == "The Beatles - Something\n")
    // `next` and `prev` while paused play the song they move to, as mpd 0.23 does (differential case 25);
    // the real player's device does not play on between requests, so the elapsed time is exact.
    let status = try await mpc(h, "status").output.split(separator: "\n").map(String.init)
    #expect(status.count == 3)
    #expect(status.first == "The Beatles - Something")
    #expect(status.dropFirst().first == "[playing] #2/3   0:00/3:02 (0%)")
    #expect(status.last == "volume: 35%   repeat: on    random: on    single: off   consume: off")
    #expect(try await mpc(h, "stop").status == 0)
    #expect(try await h.backend.status().state == .stop)
  }

  @Test(arguments: BackendKind.allCases)
  func queueLibraryAndPlaylistsFromMpc(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    #expect(try await mpc(h, "search", "artist", "nina").output == "Nina Simone/Feeling Good.mp3\n")
    // MPD lists a folder's songs before its sub-folders.
    #expect(try await mpc(h, "ls").output == "loose.mp3\nBeatles\nNina Simone\n")
    #expect(try await mpc(h, "ls", "Beatles").output == "Beatles/Abbey Road\nBeatles/Help\n")
    // loose.mp3 has no album: MPD lists it under the empty value, first.
    #expect(try await mpc(h, "list", "album").output == "\nAbbey Road\nHelp!\nI Put a Spell on You\n")
    _ = try await mpc(h, "add", "Nina Simone/Feeling Good.mp3")
    _ = try await mpc(h, "add", "loose.mp3")
    #expect(try await mpc(h, "save", "evening").status == 0)
    #expect(try await mpc(h, "lsplaylists").output == "evening\n")
    #expect(try await mpc(h, "clear").status == 0)
    #expect(try await mpc(h, "playlist").output == "")
    _ = try await mpc(h, "load", "evening")
    #expect(try await mpc(h, "playlist").output == "Nina Simone - Feeling Good\nLoose \"Quoted\" Song\n")
    #expect(try await mpc(h, "rm", "evening").status == 0)
    #expect(try await mpc(h, "lsplaylists").output == "")
    let failed = try await mpc(h, "load", "missing")
    #expect(failed.status != 0 && failed.output.contains("No such playlist"))
    #expect(try await mpc(h, "update").status == 0)
    if let memory = h.memory { #expect(await memory.calls.contains("update ")) }
  }

  @Test(arguments: BackendKind.allCases)
  func idleFromMpcSeesAnotherClientsChange(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    async let first = mpc(h, "idle", "mixer")
    async let second = mpc(h, "idle")
    try await waitForIdlers(h, count: 2)
    _ = try await h.client { c in try c.run("setvol", ["60"]) }
    #expect(try await first.output == "mixer\n")
    #expect(try await second.output == "mixer\n")
  }
}
