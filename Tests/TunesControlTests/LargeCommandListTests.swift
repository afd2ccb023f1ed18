// Large command lists on the real backend (PlayerBackend over a Player): a list is bounded by its size in
// bytes as MPD bounds it, not by a count of commands, so `mpc listall | mpc add` queues a library larger
// than the 10,000 commands tunes once allowed, and quickly.
import Foundation
import Testing
import TunesMPD

@testable import TunesControl

@Suite(.enabled(if: toolsPresent))
struct LargeCommandListTests {
  /// 12,000 songs: `mpc add` sends what `mpc listall` prints as one list of `add` lines, and every song
  /// is queued.
  @Test func mpcListallIntoMpcAddQueuesALargeLibrary() async throws {
    let library = generatedSongs(12_000)
    let h = try await Harness.start(.player, songs: library)
    defer { h.stop() }
    let socket = h.socket
    let piped = try await offCooperativePool {
      try runTool(
        "/bin/sh", ["-c", "mpc listall | mpc add"],
        environment: ["MPD_HOST": socket, "MPD_TIMEOUT": "\(replySeconds)", "PATH": "/usr/bin:/bin"])
    }
    #expect(piped.status == 0, "\(piped.output)")
    let queue = try await h.backend.queue().items.map(\.song.file)
    #expect(queue.count == library.count)
    #expect(Set(queue) == Set(library.map(\.file)))
  }

  /// 100,000 `add` lines in one list while a song plays (the next song is planned again on every change
  /// of the queue): about a second in a debug build, where one backend call per line took about a
  /// minute on the same loaded machine.
  @Test func aHundredThousandAddsWhilePlayingTakeSeconds() async throws {
    let library = generatedSongs(1000)
    let h = try await Harness.start(.player, songs: library)
    defer { h.stop() }
    // Past MPD's default bound of 16384 entries: the queue takes what the player is configured to take.
    await h.player?.setMaximumQueueLength(200_000)
    _ = try await h.client { c in
      _ = try c.run("add", ["f0/0.mp3"])
      return try c.run("play", ["0"])
    }
    let lines = (0..<100_000).map { "add " + library[$0 % library.count].file + "\n" }
    let started = ContinuousClock.now
    let reply = try await h.raw(replies: 1, "command_list_begin\n" + lines.joined() + "command_list_end\n")
    let took = ContinuousClock.now - started
    #expect(reply == "OK MPD 0.23.5\nOK\n")
    let status = try await h.client { c in MPDClient.dictionary(try c.run("status")) }
    #expect(status["playlistlength"] == "100001")
    #expect(status["state"] == "play")
    #expect(took < .seconds(30), "100,000 adds took \(took)")
  }
}
