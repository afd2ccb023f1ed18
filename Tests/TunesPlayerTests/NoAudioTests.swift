// A song that yields no audio (a decoder error on the first read, no frames, fewer than a small device
// period) is skipped with one line naming it and the queue goes on, first in the queue or in the middle;
// a queue of nothing else ends with `nothingPlayable`. With the fake decoder here, and with real files of
// each format through ALSA's null device in NoAudioFileTests.
import Foundation
import Testing
import TunesCore

@testable import TunesPlayer

@Suite struct NoAudioTests {
  static let silentTracks: [(name: String, track: FakeTrack)] = [
    ("no frames", FakeTrack(frames: 0)),
    ("an error on the first read", FakeTrack(frames: 4410, failAt: 0)),
    ("fewer frames than a device period", FakeTrack(frames: 100)),
  ]

  @Test(arguments: 0..<3) func aFirstSongWithNoAudioIsSkippedAndTheQueueGoesOn(index: Int) async throws {
    let (name, silent) = Self.silentTracks[index]
    let sink = FakeSink(bufferFrames: 2048)
    let player = Player(sink: sink, decoders: fakeLibrary([1: silent, 2: FakeTrack(frames: 8820)]))
    let log = await EventLog.attach(to: player)
    try await player.add([song(1), song(2)])
    try await player.play()
    await waitUntil("the queue to end (\(name))") { await player.status().state == .stopped }
    await waitUntil("events") { await log.events.contains(.finished) }
    #expect(await log.started == ["/music/2.mp3"], "\(name)")
    #expect(runs(sink.heard).map(\.tag) == [2], "\(name)")
    let lines = await log.messages.filter { $0.contains("/music/1.mp3") }
    #expect(lines.count == 1 && lines[0].hasPrefix("skipped /music/1.mp3: no audio"), "\(name): \(lines)")
    #expect(await player.failure() == nil)
    await player.shutdown()
  }

  /// Between two songs, gapless: the silent one is never announced, and said once.
  @Test(arguments: 0..<3) func aSongWithNoAudioInTheMiddleIsSkipped(index: Int) async throws {
    let (name, silent) = Self.silentTracks[index]
    let sink = FakeSink(bufferFrames: 2048)
    let player = Player(
      sink: sink, decoders: fakeLibrary([1: FakeTrack(frames: 8820), 2: silent, 3: FakeTrack(frames: 8820)]))
    let log = await EventLog.attach(to: player)
    try await player.add([song(1), song(2), song(3)])
    let heard = try await playToTheEnd(player, on: sink)
    #expect(runs(heard).map(\.tag) == [1, 3], "\(name)")
    #expect(runs(heard).map(\.to) == [8820, 8820], "\(name)")
    await waitUntil("events") { await log.events.contains(.finished) }
    #expect(await log.started == ["/music/1.mp3", "/music/3.mp3"], "\(name)")
    #expect(await log.messages.filter { $0.contains("/music/2.mp3") }.count == 1, "\(name)")
  }

  @Test func aQueueWithNothingButSilenceEndsAsNothingPlayable() async throws {
    let player = Player(
      sink: FakeSink(), decoders: fakeLibrary([1: FakeTrack(frames: 0), 2: FakeTrack(frames: 10, failAt: 0)]))
    let log = await EventLog.attach(to: player)
    try await player.add([song(1), song(2)])
    try await player.play()
    await waitUntil("the queue to end") { await log.events.contains(.finished) }
    guard case .nothingPlayable(let last, let reason)? = await player.failure() else {
      Issue.record("expected nothingPlayable, got \(String(describing: await player.failure()))")
      return
    }
    #expect(last == "/music/2.mp3" && reason?.hasPrefix("no audio") == true)
    #expect(await log.started.isEmpty)
    await player.shutdown()
  }
}
