// Large command lists on the real backend (PlayerBackend over a Player): a list is bounded by its size in
// bytes as MPD bounds it, not by a count of commands, so `mpc listall | mpc add` queues a library larger
// than the 10,000 commands tunes once allowed, and quickly.
import Foundation
import Testing
import TunesMPD
@testable import TunesControl

@Suite(.enabled(if: toolsPresent))
struct LargeCommandListTests {
  /// Library rows only (no audio): `count` songs in folders of a hundred.
  static func songs(_ count: Int) -> [MPDSong] {
    (0..<count).map { n in
      MPDSong(
        file: "f\(n / 100)/\(n).mp3", tags: [.title: "Song \(n)", .artist: "Artist \(n % 7)", .album: "Album \(n / 100)"],
        duration: 60)
    }
  }

  /// 12,000 songs: `mpc add` sends what `mpc listall` prints as one list of `add` lines, and every song
  /// is queued.
  @Test func mpcListallIntoMpcAddQueuesALargeLibrary() async throws {
    let library = Self.songs(12_000)
    let h = try await Harness.start(.player, songs: library)
    defer { h.stop() }
    let socket = h.socket
    let piped = try await offCooperativePool {
      try runTool("/bin/sh", ["-c", "mpc listall | mpc add"], environment: ["MPD_HOST": socket, "PATH": "/usr/bin:/bin"])
    }
    #expect(piped.status == 0, "\(piped.output)")
    let queue = try await h.backend.queue().items.map(\.song.file)
    #expect(queue.count == library.count)
    #expect(Set(queue) == Set(library.map(\.file)))
  }
}
