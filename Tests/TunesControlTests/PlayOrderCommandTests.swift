// `tunes_playorder`, tunes' own command: with shuffle on, the queue listed in the order the player will
// play it, which `next` must then follow song by song (a priority jumps ahead, as the player takes it);
// with shuffle off, the queue's order; a range counts in play order; a backend without a play order
// answers as to an unknown command.
import Foundation
import Testing
import TunesMPD
import TunesMPDTesting

@testable import TunesControl

@Suite struct PlayOrderCommandTests {
  static func ids(_ pairs: MPDClient.Pairs) -> [Int] {
    MPDClient.songs(pairs).compactMap { $0["Id"].flatMap { Int($0) } }
  }

  static func currentID(_ c: MPDClient) throws -> Int? {
    MPDClient.dictionary(try c.run("status"))["songid"].flatMap { Int($0) }
  }

  @Test func theListIsTheOrderNextFollows() async throws {
    let h = try await Harness.start(
      .player,
      songs: fixtureSongs
        + fixtureSongs.map { song in
          var copy = song
          copy.file = "again/" + song.file
          return copy
        })
    defer { h.stop() }
    let (listed, played, queued, window) = try await h.client { c -> ([Int], [Int], [Int], [Int]) in
      try c.run("add", [""])
      try c.run("random", ["1"])
      try c.run("play")
      let listed = Self.ids(try c.run("tunes_playorder"))
      let window = Self.ids(try c.run("tunes_playorder", ["2:4"]))
      var played = [try Self.currentID(c) ?? -1]
      for _ in 1..<listed.count {
        try c.run("next")
        played.append(try Self.currentID(c) ?? -1)
      }
      return (listed, played, Self.ids(try c.run("playlistinfo")), window)
    }
    #expect(listed.count == 10 && Set(listed) == Set(queued))
    #expect(listed == played)
    // Ten songs: the pass is not the queue's order (the player's seed is fixed, so this cannot flip).
    #expect(listed != queued)
    #expect(window == Array(listed[2..<4]))
  }

  @Test func aPriorityComesNextInTheList() async throws {
    let h = try await Harness.start(.player)
    defer { h.stop() }
    let (before, after, next) = try await h.client { c -> ([Int], [Int], Int?) in
      try c.run("add", [""])
      try c.run("random", ["1"])
      try c.run("play")
      let before = Self.ids(try c.run("tunes_playorder"))
      try c.run("prioid", ["9", String(before.last!)])
      let after = Self.ids(try c.run("tunes_playorder"))
      try c.run("next")
      return (before, after, try Self.currentID(c))
    }
    #expect(after == [before[0], before.last!] + before.dropFirst().dropLast())
    #expect(next == before.last)
  }

  @Test func shuffleOffIsTheQueuesOrder() async throws {
    let h = try await Harness.start(.player)
    defer { h.stop() }
    let (listed, queued) = try await h.client { c -> ([Int], [Int]) in
      try c.run("add", [""])
      try c.run("play", ["2"])
      return (Self.ids(try c.run("tunes_playorder")), Self.ids(try c.run("playlistinfo")))
    }
    #expect(!listed.isEmpty && listed == queued)
  }

  @Test func aBackendWithoutAPlayOrderAnswersUnknownCommand() async throws {
    let h = try await Harness.start(.inMemory)
    defer { h.stop() }
    let reply = try await h.raw(replies: 2, "tunes_playorder\nping\n")
    #expect(reply == "OK MPD 0.23.5\nACK [5@0] {tunes_playorder} unknown command \"tunes_playorder\"\nOK\n")
  }
}
