// A Player built with `countsPlays: false` (what `tunes play --pace max` builds: nobody hears its output
// as it plays) plays whole songs without counting them in the library or handing a listen to the hook.
import Foundation
import Testing
import TunesCore

@testable import TunesLibrary
@testable import TunesPlayer

@Suite struct UncountedPlayTests {
  @Test(arguments: [true, false]) func onlyACountingPlayerCountsAPlay(withHook: Bool) async throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let stored = try insert(Song(path: "/music/1.mp3", title: "One", artist: "A", durationMs: 100), into: library)
    for counts in [false, true] {
      let recorded = Recorder()
      let player = Player(
        sink: FakeSink(), decoders: fakeLibrary([1: FakeTrack(frames: 4410)]), library: library, countsPlays: counts)
      // Recorded as the scrobbler records them, or as play counts alone.
      let recording =
        withHook
        ? await player.recordListens { song, listen in recorded.add(song.path, listen) }
        : await ListenRecorder.start(player: player, writer: .playCounts(in: library))
      try await player.add([stored])
      try await player.play()
      await waitUntil("the end") { await player.status().state == .stopped }
      await player.settle()
      await recording.settle()
      let expected = counts ? 1 : 0
      if withHook {
        #expect(recorded.count == expected, "countsPlays \(counts)")
        #expect(try library.song(id: stored.id!)?.playCount == 0)
      } else {
        #expect(try library.song(id: stored.id!)?.playCount == expected, "countsPlays \(counts)")
      }
      #expect(await player.heardMs > 0)
      await player.shutdown()
    }
  }
}
