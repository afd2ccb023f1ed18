// `replay_gain_mode` over the protocol onto the real Player: the mode and tunes' two optional preamps
// reach the Player's settings and `replay_gain_status` reports the mode; a bad preamp is refused and
// changes nothing; a fourth argument (1 or 0) switches the limit; the in-memory backend, which applies no
// gain, reports off and refuses a change.
import Testing
import TunesMPD
import TunesPlayer

/// The replies to `text`, without the server's greeting line.
private func exchange(_ h: Harness, replies: Int, _ text: String) async throws -> String {
  let all = try await h.raw(replies: replies, text)
  return String(all.drop { $0 != "\n" }.dropFirst())
}

@Suite struct ReplayGainCommandTests {
  @Test func theModeAndPreampsReachThePlayer() async throws {
    let h = try await Harness.start(.player)
    defer { h.stop() }
    let player = try #require(h.player)
    let status = try await exchange(h, replies: 2, "replay_gain_mode album 4.5 -3\nreplay_gain_status\n")
    #expect(status == "OK\nreplay_gain_mode: album\nOK\n")
    #expect(await player.replayGainSettings() == ReplayGainSettings(mode: .album, preamp: 4.5, missingPreamp: -3))

    let refused = try await exchange(h, replies: 1, "replay_gain_mode track 16\n")
    #expect(refused.hasPrefix("ACK [2@0] {replay_gain_mode}"))
    #expect(await player.replayGainSettings().mode == .album)

    _ = try await exchange(h, replies: 1, "replay_gain_mode auto\n")
    // The mode alone leaves the preamps as they were.
    #expect(await player.replayGainSettings() == ReplayGainSettings(mode: .auto, preamp: 4.5, missingPreamp: -3))
  }

  @Test func aBackendWithoutGainReportsOff() async throws {
    let h = try await Harness.start(.inMemory)
    defer { h.stop() }
    #expect(try await exchange(h, replies: 1, "replay_gain_status\n") == "replay_gain_mode: off\nOK\n")
    #expect(try await exchange(h, replies: 1, "replay_gain_mode track\n").hasPrefix("ACK [5@0] {replay_gain_mode}"))
  }
}

@Suite struct ReplayGainLimitCommandTests {
  @Test func aFourthArgumentSwitchesTheLimit() async throws {
    let h = try await Harness.start(.player)
    defer { h.stop() }
    let player = try #require(h.player)
    #expect(await player.replayGainSettings().limit)
    _ = try await exchange(h, replies: 1, "replay_gain_mode track 0 0 0\n")
    #expect(await player.replayGainSettings() == ReplayGainSettings(mode: .track, limit: false))
    let refused = try await exchange(h, replies: 1, "replay_gain_mode track 0 0 maybe\n")
    #expect(refused.hasPrefix("ACK [2@0] {replay_gain_mode} Boolean (0/1) expected: maybe"))
    #expect(await player.replayGainSettings().limit == false)
    // Without it the limit stays as it is.
    _ = try await exchange(h, replies: 1, "replay_gain_mode album\n")
    #expect(await player.replayGainSettings() == ReplayGainSettings(mode: .album, limit: false))
    _ = try await exchange(h, replies: 1, "replay_gain_mode album 0 0 1\n")
    #expect(await player.replayGainSettings().limit)
  }
}
