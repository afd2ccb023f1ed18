// `crossfade` over the protocol onto the real Player: the seconds reach the Player and `status` shows
// them as `xfade` while they are above 0; a refused argument changes nothing; the in-memory backend,
// which does not crossfade, refuses a change rather than accept a value it would ignore.
import Testing
import TunesMPD
import TunesPlayer

/// The replies to `text`, without the server's greeting line.
private func exchange(_ h: Harness, replies: Int, _ text: String) async throws -> String {
  let all = try await h.raw(replies: replies, text)
  return String(all.drop { $0 != "\n" }.dropFirst())
}

@Suite struct CrossfadeCommandTests {
  @Test func theSecondsReachThePlayerAndStatusShowsThem() async throws {
    let h = try await Harness.start(.player)
    defer { h.stop() }
    let player = try #require(h.player)
    #expect(!(try await exchange(h, replies: 1, "status\n")).contains("xfade"))
    let status = try await exchange(h, replies: 2, "crossfade 4\nstatus\n")
    #expect(status.contains("\nxfade: 4\n"))
    #expect(await player.crossfade() == 4)

    #expect(try await exchange(h, replies: 1, "crossfade -2\n").hasPrefix("ACK [2@0] {crossfade}"))
    #expect(await player.crossfade() == 4)

    _ = try await exchange(h, replies: 1, "crossfade 0\n")
    #expect(await player.crossfade() == 0)
    #expect(!(try await exchange(h, replies: 1, "status\n")).contains("xfade"))
  }

  @Test func aBackendThatDoesNotCrossfadeRefuses() async throws {
    let h = try await Harness.start(.inMemory)
    defer { h.stop() }
    #expect(try await exchange(h, replies: 1, "crossfade 3\n").hasPrefix("ACK [5@0] {crossfade}"))
  }
}
