// The end of a counted play is told with all the audio heard: a listen counts halfway through (the
// `counted` fact's `playedMs`), but ListenBrainz's `duration_played` is the time listened.
import Foundation
import Testing
import TunesCore

@testable import TunesPlayer

@Suite struct ListenEndTests {
  /// A 7 s song played through: the listen counts at 3.5 s, the play ends with 7 s heard.
  @Test func aSongPlayedThroughReportsItsWholeLength() async throws {
    let player = Player(sink: FakeSink(), decoders: fakeLibrary([1: FakeTrack(frames: 44_100 * 7)]), clock: FakeClock())
    let counted = Recorder()
    let ended = Recorder()
    let recording = await player.recordListens(ended: { listen in ended.add("", listen) }) { song, listen in
      counted.add(song.path, listen)
    }
    try await player.add([song(1, durationMs: 7000)])
    try await player.play()
    await waitUntil("the end") { await player.status().state == .stopped }
    await player.settle()
    await recording.settle()
    await waitUntil("the end told") { ended.count == 1 }
    #expect(counted.count == 1)
    let listen = try #require(counted.items.first?.listen)
    #expect(listen.playedMs >= 3500 && listen.playedMs < 7000)
    let end = try #require(ended.items.first?.listen)
    #expect(end.listenedAt == listen.listenedAt)
    // All of it, but for the output buffer heard before the play's first position report (≤ 50 ms).
    #expect(end.playedMs > 6950 && end.playedMs <= 7000)
    await player.shutdown()
  }

  /// Two songs played out: each counted play reports its end once, with its own length.
  @Test func eachCountedPlayEndsOnce() async throws {
    let player = Player(
      sink: FakeSink(), decoders: fakeLibrary([1: FakeTrack(frames: 44_100), 2: FakeTrack(frames: 44_100)]), clock: FakeClock())
    let ended = Recorder()
    let recording = await player.recordListens(ended: { listen in ended.add("", listen) }, counted: { _, _ in })
    try await player.add([song(1, durationMs: 1000), song(2, durationMs: 1000)])
    try await player.play()
    await waitUntil("the end") { await player.status().state == .stopped }
    await player.settle()
    await recording.settle()
    await waitUntil("two ends") { ended.count == 2 }
    #expect(ended.items.allSatisfy { $0.listen.playedMs > 950 && $0.listen.playedMs <= 1000 })
    await player.shutdown()
  }
}
