// The ReplayGain options are part of the saved session: set on a Player, they come back on the next one;
// set with no player running (SavedReplayGain, what `tunes replaygain` does then), the next Player
// starts with them; and a change is an `options` change, as MPD's replay_gain_mode is.
import Foundation
import Testing
import TunesCore

@testable import TunesPlayer

@Suite struct ReplayGainStateTests {
  @Test func theOptionsComeBackWithTheSession() async throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let settings = ReplayGainSettings(mode: .auto, preamp: 3.5, missingPreamp: -2, limit: true)
    let player = Player(sink: FakeSink(), decoders: fakeLibrary([1: FakeTrack(frames: 1000)]), library: library)
    let changes = await player.changes()
    await player.setReplayGain(settings)
    var iterator = changes.makeAsyncIterator()
    #expect(await iterator.next()?.subsystems == [.options])
    await player.shutdown()

    let restored = Player(sink: FakeSink(), decoders: fakeLibrary([:]), library: library)
    try await restored.restore()
    #expect(await restored.replayGainSettings() == settings)
    await restored.shutdown()
  }

  @Test func optionsSavedWithoutAPlayerAreRestored() async throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try SavedReplayGain.load(library) == ReplayGainSettings())
    let settings = ReplayGainSettings(mode: .album, preamp: -4, missingPreamp: 6)
    try SavedReplayGain.save(settings, in: library)
    #expect(try SavedReplayGain.load(library) == settings)
    let player = Player(sink: FakeSink(), decoders: fakeLibrary([:]), library: library)
    try await player.restore()
    #expect(await player.replayGainSettings() == settings)
    await player.shutdown()
  }

  @Test func preampsAreClampedToMPDsRange() async throws {
    let player = Player(sink: FakeSink(), decoders: fakeLibrary([:]), persist: false)
    await player.setReplayGain(ReplayGainSettings(mode: .track, preamp: 40, missingPreamp: -40))
    let settings = await player.replayGainSettings()
    #expect(settings.preamp == 15 && settings.missingPreamp == -15)
    await player.shutdown()
  }
}
