// `mixrampdb` and `mixrampdelay` over the protocol onto the real Player: the values reach the Player,
// `status` shows `mixrampdb` always and `mixrampdelay` only while it is above 0 (as mpd), a word that is
// not a number is refused as mpd words it and changes nothing; the in-memory backend refuses both.
import Testing
import TunesMPD
import TunesPlayer

/// The replies to `text`, without the server's greeting line.
private func exchange(_ h: Harness, replies: Int, _ text: String) async throws -> String {
  let all = try await h.raw(replies: replies, text)
  return String(all.drop { $0 != "\n" }.dropFirst())
}

@Suite struct MixRampCommandTests {
  @Test func theValuesReachThePlayerAndStatusShowsThem() async throws {
    let h = try await Harness.start(.player)
    defer { h.stop() }
    let player = try #require(h.player)
    let initial = try await exchange(h, replies: 1, "status\n")
    #expect(initial.contains("\nmixrampdb: 0\n") && !initial.contains("mixrampdelay"))

    let status = try await exchange(h, replies: 3, "mixrampdb -17.5\nmixrampdelay 2\nstatus\n")
    #expect(status.contains("\nmixrampdb: -17.5\n"))
    #expect(status.contains("\nmixrampdelay: 2\n"))
    #expect(await player.mixRampSettings() == MixRampSettings(db: -17.5, delay: 2))

    #expect(try await exchange(h, replies: 1, "mixrampdb loud\n").hasPrefix("ACK [2@0] {mixrampdb} Float expected: loud"))
    #expect(try await exchange(h, replies: 1, "mixrampdelay\n").hasPrefix("ACK [2@0] {mixrampdelay} wrong number"))
    #expect(await player.mixRampSettings() == MixRampSettings(db: -17.5, delay: 2))

    let off = try await exchange(h, replies: 2, "mixrampdelay nan\nstatus\n")
    #expect(!off.contains("mixrampdelay"))
    #expect(await player.mixRampSettings().isOn == false)
  }

  @Test func aBackendThatDoesNotCrossfadeRefuses() async throws {
    let h = try await Harness.start(.inMemory)
    defer { h.stop() }
    #expect(try await exchange(h, replies: 1, "mixrampdb -17\n").hasPrefix("ACK [5@0] {mixrampdb}"))
    #expect(try await exchange(h, replies: 1, "mixrampdelay 2\n").hasPrefix("ACK [5@0] {mixrampdelay}"))
  }
}
