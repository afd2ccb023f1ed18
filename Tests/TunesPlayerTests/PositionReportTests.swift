// The engine reports the position heard about once a second of audio, not at every chunk written (each
// report wakes the Player), yet the Player's status, its heard time and its listens see every frame heard,
// as when each chunk was reported.
import Foundation
import Testing
import TunesCore

@testable import TunesPlayer

@Suite struct PositionReportTests {
  /// 5 s written in 1024-frame chunks (a device that does not keep time): 216 chunks, a handful of reports.
  @Test func positionsAreReportedAboutOnceASecondOfAudio() async throws {
    let player = Player(sink: FakeSink(), decoders: fakeLibrary([1: FakeTrack(frames: 44_100 * 5)]), clock: FakeClock())
    try await player.add([song(1, durationMs: 5000)])
    try await player.play()
    await waitUntil("the end") { await player.status().state == .stopped }
    await player.settle()
    // The play, writing, started, five positions and the last one, ended, and the commands' answers.
    let reports = await player.engineReports
    #expect(reports < 20, "\(reports) reports")
    // All of it but the first chunk, heard before the start was announced (as ListenEndTests allow).
    let heard = await player.heardMs
    #expect(heard > 4950 && heard <= 5000, "heard \(heard) ms")
  }

  /// Between two reports the status shows the position heard at the engine's last write, frame for frame.
  @Test func theStatusShowsThePositionHeldBetweenReports() async throws {
    let sink = FakeSink()
    let player = Player(sink: sink, decoders: fakeLibrary([1: FakeTrack(frames: 60_000)]))
    try await player.add([song(1)])
    sink.hold()
    try await drive(sink, player) { try await player.play() }
    let format = AudioFormat(sampleRate: 44100, channels: 2)
    for _ in 0..<6 {
      sink.step()
      await player.quiesce(sink)
      let heard = sink.heard.count
      #expect(heard < 44_100)  // all within the first second: no position report since the start
      #expect(await player.status().elapsedMs == format.milliseconds(frames: heard))
    }
    sink.release()
    await player.shutdown()
  }

  /// A seek soon after the start: the audio heard before it counts, the part skipped does not.
  @Test func audioHeardBeforeASeekCountsWithoutAReport() async throws {
    let sink = FakeSink()
    let player = Player(sink: sink, decoders: fakeLibrary([1: FakeTrack(frames: 60_000)]))
    try await player.add([song(1)])
    sink.hold()
    try await drive(sink, player) { try await player.play() }
    for _ in 0..<10 { sink.step() }
    await player.quiesce(sink)
    try await drive(sink, player) { await player.seek(toMs: 1_000) }
    sink.release()
    await waitUntil("the end") { await player.status().state == .stopped }
    // What played before the seek (well under a second: never reported on its own), then the rest from 1 s on.
    let frames = sink.heard
    let skipped = try #require(frames.firstIndex { $0.frame == 44_100 })
    #expect(skipped > 10 * 1024 && skipped < 44_100 / 2)
    #expect(frames.count == skipped + 60_000 - 44_100)
    let expected = AudioFormat(sampleRate: 44100, channels: 2).milliseconds(frames: frames.count)
    // All but the first chunk (23 ms, heard before the start was announced); a lost stretch before the
    // seek would be ten chunks or more.
    let heard = await player.heardMs
    #expect(heard <= expected && heard >= expected - 25, "heard \(heard) ms, expected \(expected) ms")
    await player.shutdown()
  }
}
