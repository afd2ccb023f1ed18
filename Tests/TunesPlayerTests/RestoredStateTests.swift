// `restoreSession` tells the state a session was saved in, as MPD's state file keeps it: a Player shut
// down while playing was saved as playing (its start plays on), paused as paused, stopped as stopped,
// with the volume and the modes. The device is held, letting through only the writes the commands need:
// a free one could play the song out before the state is read on a busy machine.
import Foundation
import Testing
import TunesCore

@testable import TunesPlayer

@Suite struct RestoredStateTests {
  @Test(arguments: [PlayState.playing, .paused, .stopped])
  func aSessionComesBackInTheStateItWasSavedIn(_ saved: PlayState) async throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tracks = Dictionary(uniqueKeysWithValues: (1...2).map { ($0, FakeTrack(frames: 441_000)) })
    let sink = FakeSink()
    sink.hold()
    let player = Player(sink: sink, decoders: fakeLibrary(tracks), library: library)
    try await player.add((1...2).map { song($0) })
    await player.setVolume(33)
    await player.setRepeat(.all)
    await player.setSingle(.oneshot)
    await player.setConsume(true)
    try await drive(sink, player) { try await player.play(position: 1) }
    switch saved {
    case .paused: try await drive(sink, player) { await player.pause(true) }
    case .stopped: try await drive(sink, player) { await player.stop() }
    case .playing: break
    }
    await player.quiesce(sink)
    let before = await player.status()
    #expect(before.state == saved)
    try await drive(sink, player) { await player.shutdown() }
    sink.release()

    let restored = Player(sink: FakeSink(), decoders: fakeLibrary(tracks), library: library)
    #expect(try await restored.restoreSession() == saved)
    let after = await restored.status()
    // Nothing is loaded in the engine yet: a session that was playing waits, paused, for `play`.
    #expect(after.state == (saved == .stopped ? .stopped : .paused))
    #expect(after.currentID == before.currentID)
    if saved == .playing {
      // It played on until shutdown paused it, and was saved where that pause was heard.
      #expect(after.elapsedMs >= before.elapsedMs && after.elapsedMs > 0)
    } else {
      #expect(after.elapsedMs == before.elapsedMs)
    }
    #expect(after.volume == 33)
    #expect(after.repeatMode == .all && after.singleMode == .oneshot && after.consume)
    await restored.shutdown()
  }
}
