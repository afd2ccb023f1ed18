// The Player with the engine, a fake decoder and a fake sink: what was heard, in what order, and that the
// state the Player reports is what the sink is doing.
import Foundation
import Testing
import TunesCore
import TunesLibrary

@testable import TunesPlayer

/// A clock the test moves by hand.
final class FakeClock: TunesClock, @unchecked Sendable {
  private let lock = NSLock()
  private var seconds: Double = 1_700_000_000
  func now() -> Date { lock.withLock { Date(timeIntervalSince1970: seconds) } }
  func monotonic() -> Double { lock.withLock { seconds } }
  func advance(_ by: Double) { lock.withLock { seconds += by } }
}

/// Collects a player's events in the background.
actor EventLog {
  private(set) var events: [PlayFact] = []
  func append(_ event: PlayFact) { events.append(event) }
  static func attach(to player: Player) async -> EventLog {
    let log = EventLog()
    // Idle changes are left out: the tests read what happened to the play.
    let stream = await player.facts()
    Task { for await event in stream where event.change == nil { await log.append(event) } }
    return log
  }
  var started: [String] {
    events.compactMap { if case .songStarted(let song, _) = $0 { return song.path } else { return nil } }
  }
  var messages: [String] {
    events.compactMap { if case .message(let text) = $0 { return text } else { return nil } }
  }
}

/// Waits for `condition` (TunesTestSupport's wait, looking every millisecond), and records an issue
/// naming `what` when it never holds.
func waitUntil(_ what: String, _ condition: () async -> Bool) async {
  if await !eventually(30, every: .milliseconds(1), condition) { Issue.record("timed out waiting for \(what)") }
}

struct DeviceGone: Error, CustomStringConvertible {
  var description: String { "ALSA device \"default\": no sound card found" }
}

@Suite struct PlayerTests {
  @Test func aFailedDeviceIsReportedOnceAsTheFailure() async throws {
    let sink = FakeSink(bufferFrames: 3000)
    sink.openError = DeviceGone()
    let player = Player(sink: sink, decoders: fakeLibrary([1: FakeTrack(frames: 5000)]))
    let log = await EventLog.attach(to: player)
    try await player.add([song(1)])
    try await player.play()
    await waitUntil("the failure") { await log.events.contains(.finished) }
    let failures = await log.events.compactMap { if case .failed(let error) = $0 { return error } else { return nil } }
    #expect(failures.count == 1)
    guard case .output(let text)? = failures.first else {
      Issue.record("expected an output failure, got \(failures)")
      return
    }
    #expect(text.contains("no sound card"))
    // Announced once: not also as a message, and failure() gives the same error for the command's exit.
    #expect(await log.messages.allSatisfy { !$0.contains("no sound card") })
    #expect(await player.failure() == failures.first)
    #expect(await player.status().state == .stopped)
    #expect(sink.heard.isEmpty)
  }

  /// The index rounds a song's length to the nearest millisecond; the status must give the same length
  /// for the song playing, not one a millisecond shorter. The device is held once the start is heard: a
  /// free one could play the second out, and the length go with the song, before the status is read.
  @Test func theLengthPlayingIsRoundedAsTheIndexRoundsIt() async throws {
    let sink = FakeSink(bufferFrames: 3000)
    let player = Player(sink: sink, decoders: fakeLibrary([1: FakeTrack(frames: 44_123)]))  // 1 000.52 ms
    try await player.add([song(1, durationMs: nil)])  // so only the decoder's length can show
    sink.hold()
    try await drive(sink, player) { try await player.play() }
    // Three more chunks: past the 3 000 frames the device keeps, so the song is heard and announced.
    for _ in 0..<3 { sink.step() }
    await player.quiesce(sink)
    await waitUntil("the decoder's length") { await player.status().durationMs != nil }
    #expect(await player.status().durationMs == 1001)
    sink.release()
    await player.shutdown()
  }

  @Test func aQueuePlaysGaplesslyEveryFrameOnceInOrder() async throws {
    let sink = FakeSink(bufferFrames: 3000)
    let player = Player(
      sink: sink, decoders: fakeLibrary([1: FakeTrack(frames: 5000), 2: FakeTrack(frames: 7001), 3: FakeTrack(frames: 300)]))
    let log = await EventLog.attach(to: player)
    try await player.add([song(1), song(2), song(3)])
    try await player.play()
    await waitUntil("the queue to end") { await player.status().state == .stopped }
    let heard = runs(sink.heard)
    #expect(heard.map(\.tag) == [1, 2, 3])
    #expect(heard.map(\.from) == [0, 0, 0])
    #expect(heard.map(\.to) == [5000, 7001, 300])
    #expect(sink.opens.count == 1)
    await waitUntil("events") { await log.events.contains(.finished) }
    #expect(await log.started == ["/music/1.mp3", "/music/2.mp3", "/music/3.mp3"])
    await player.shutdown()
  }

  @Test func formatChangeReopensTheSinkAndLosesNothing() async throws {
    let sink = FakeSink(bufferFrames: 1000)
    let low = AudioFormat(sampleRate: 22050, channels: 2)
    let player = Player(
      sink: sink,
      decoders: fakeLibrary([1: FakeTrack(frames: 4000), 2: FakeTrack(frames: 3000, format: low), 3: FakeTrack(frames: 2000)]))
    try await player.add([song(1), song(2), song(3)])
    try await player.play()
    await waitUntil("the queue to end") { await player.status().state == .stopped }
    #expect(sink.opens == [AudioFormat(sampleRate: 44100, channels: 2), low, AudioFormat(sampleRate: 44100, channels: 2)])
    let heard = runs(sink.heard)
    #expect(heard.map(\.tag) == [1, 2, 3])
    #expect(heard.map(\.to) == [4000, 3000, 2000])
    await player.shutdown()
  }

  /// A song is announced once, when it is first heard: also the one after a format change, which
  /// waits for the device to drain before it starts, and the last one, announced as the device drains.
  @Test func everySongIsAnnouncedOnceAcrossAFormatChange() async throws {
    let sink = FakeSink(bufferFrames: 1000)
    let low = AudioFormat(sampleRate: 22050, channels: 2)
    let player = Player(
      sink: sink,
      decoders: fakeLibrary([1: FakeTrack(frames: 4000), 2: FakeTrack(frames: 3000, format: low), 3: FakeTrack(frames: 500)]))
    let log = await EventLog.attach(to: player)
    try await player.add([song(1), song(2), song(3)])
    try await player.play()
    await waitUntil("the queue to end") { await player.status().state == .stopped }
    await waitUntil("events") { await log.events.contains(.finished) }
    #expect(await log.started == ["/music/1.mp3", "/music/2.mp3", "/music/3.mp3"])
    await player.shutdown()
  }

  @Test(arguments: [true, false]) func pauseAndResumeContinueAtTheSameFrame(deviceCanPause: Bool) async throws {
    let sink = FakeSink(bufferFrames: 2048, canPause: deviceCanPause)
    let player = Player(sink: sink, decoders: fakeLibrary([1: FakeTrack(frames: 40_000)]))
    try await player.add([song(1)])
    sink.hold()
    try await drive(sink, player) { try await player.play() }
    for _ in 0..<5 { sink.step() }
    try await drive(sink, player) { await player.pause(true) }
    await player.quiesce(sink)
    #expect(await player.status().state == .paused)
    #expect(sink.isPaused)
    try await drive(sink, player) { await player.pause(false) }
    #expect(await player.status().state == .playing)
    sink.release()
    await waitUntil("the end") { await player.status().state == .stopped }
    let heard = runs(sink.heard)
    #expect(heard.count == 1)
    #expect(heard.first?.to == 40_000)
    await player.shutdown()
  }

  @Test func seekIsSampleAccurate() async throws {
    let sink = FakeSink()
    // Frame indexes are encoded in 16 bits: keep the track under 65536 frames.
    let player = Player(sink: sink, decoders: fakeLibrary([1: FakeTrack(frames: 60_000)]))
    try await player.add([song(1)])
    sink.hold()
    try await drive(sink, player) { try await player.play() }
    try await drive(sink, player) { await player.seek(toMs: 1_000) }
    for _ in 0..<3 { sink.step() }
    try await drive(sink, player) { await player.pause(true) }
    await player.quiesce(sink)
    let heard = sink.heard
    let jump = heard.firstIndex { $0.frame == 44_100 }
    #expect(jump != nil)
    if let jump { #expect(heard[jump - 1].frame < 44_100 - 1) }
    let status = await player.status()
    #expect(status.elapsedMs == AudioFormat(sampleRate: 44100, channels: 2).milliseconds(frames: heard.last!.frame + 1))
    await player.shutdown()
  }

  @Test func heardTimeCountsWhatPlayedAndNotWhatASeekSkipped() async throws {
    let sink = FakeSink()
    let player = Player(sink: sink, decoders: fakeLibrary([1: FakeTrack(frames: 44_100), 2: FakeTrack(frames: 60_000)]))
    try await player.add([song(1), song(2)])
    sink.hold()
    try await drive(sink, player) { try await player.play() }
    try await drive(sink, player) { await player.seek(toMs: 900) }
    sink.release()
    await waitUntil("the end") { await player.status().state == .stopped }
    // The last 100 ms of the first song (and the little heard before the seek), then all 1 360 ms of the second.
    let heard = await player.heardMs
    #expect(heard >= 1_450 && heard <= 1_700, "heard \(heard) ms")
    await player.shutdown()
  }

  /// Three ten-second songs queued, the first started, the sink held so each step is driven by hand.
  private func playingThreeLongSongs() async throws -> (FakeSink, Player) {
    let sink = FakeSink()
    let tracks = Dictionary(uniqueKeysWithValues: (1...3).map { ($0, FakeTrack(frames: 441_000)) })
    let player = Player(sink: sink, decoders: fakeLibrary(tracks))
    try await player.add([song(1), song(2), song(3)])
    sink.hold()
    try await drive(sink, player) { try await player.play() }
    return (sink, player)
  }

  @Test func nextAndPreviousFollowTheQueue() async throws {
    let (sink, player) = try await playingThreeLongSongs()
    try await drive(sink, player) { await player.next() }
    #expect(await player.status().currentPosition == 1)
    try await drive(sink, player) { await player.next() }
    #expect(await player.status().currentPosition == 2)
    try await drive(sink, player) { await player.previous() }  // within 3 s: the song before
    #expect(await player.status().currentPosition == 1)
    try await drive(sink, player) { await player.seek(toMs: 4_000) }
    try await drive(sink, player) { await player.previous() }  // more than 3 s in: the same song from its start
    let status = await player.status()
    #expect(status.currentPosition == 1)
    #expect(status.elapsedMs < 3_000)
    try await drive(sink, player) { await player.stop() }
    #expect(await player.status().state == .stopped)
    sink.release()
    await player.shutdown()
  }

  /// As in MPD, deleting the paused song never starts playback: the player stops and the entry that
  /// followed becomes the current one; deleting the playing song still moves on.
  @Test func deletingThePausedSongStopsOnTheNextOne() async throws {
    let (sink, player) = try await playingThreeLongSongs()
    try await drive(sink, player) { await player.pause(true) }
    try await drive(sink, player) { try await player.delete(position: 0) }
    await player.quiesce(sink)
    var status = await player.status()
    #expect(status.state == .stopped)
    #expect(status.queueLength == 2)
    #expect(status.currentPosition == 0)
    #expect(status.song?.path == "/music/2.mp3")
    #expect(sink.nextFrame == nil)
    #expect(!sink.heard.contains { $0.tag == 2 })
    // `play` starts the new current entry.
    try await drive(sink, player) { try await player.play() }
    status = await player.status()
    #expect(status.state == .playing && status.song?.path == "/music/2.mp3")
    try await drive(sink, player) { try await player.delete(position: 0) }
    status = await player.status()
    #expect(status.state == .playing && status.song?.path == "/music/3.mp3")
    sink.release()
    await player.shutdown()
  }

  @Test func aMissingFileIsSkippedWithItsNameAndPlayGoesOn() async throws {
    let sink = FakeSink()
    let player = Player(sink: sink, decoders: fakeLibrary([1: FakeTrack(frames: 3000), 3: FakeTrack(frames: 2000)]))
    let log = await EventLog.attach(to: player)
    try await player.add([song(1), song(2), song(3)])
    try await player.play()
    await waitUntil("the queue to end") { await player.status().state == .stopped }
    #expect(runs(sink.heard).map(\.tag) == [1, 3])
    await waitUntil("events") { await log.events.contains(.finished) }
    // The path is said once, not once by the player and again by the decoder's error.
    let messages = await log.messages
    #expect(messages.contains("skipped /music/2.mp3: cannot open: No such file or directory"), "\(messages)")
    #expect(await player.failure() == nil)
    await player.shutdown()
  }

  @Test func aBrokenFirstFileIsSkippedToo() async throws {
    let sink = FakeSink()
    let player = Player(sink: sink, decoders: fakeLibrary([2: FakeTrack(frames: 3000)]))
    try await player.add([song(1), song(2)])
    try await player.play()
    await waitUntil("the queue to end") { runs(sink.heard).first?.to == 3000 }
    await waitUntil("stopped") { await player.status().state == .stopped }
    #expect(runs(sink.heard).map(\.tag) == [2])
    await player.shutdown()
  }

  @Test func aQueueWithNothingPlayableEndsWithAnError() async throws {
    let sink = FakeSink()
    let player = Player(sink: sink, decoders: fakeLibrary([:]))
    try await player.add([song(1), song(2), song(3)])
    try await player.play()
    await waitUntil("the failure") { await player.failure() != nil }
    let failure = await player.failure()
    guard case .nothingPlayable(let path, _) = failure else {
      Issue.record("expected nothingPlayable, got \(String(describing: failure))")
      return
    }
    #expect(path != nil)
    #expect(await player.status().state == .stopped)
    #expect(sink.heard.isEmpty)
    await player.shutdown()
  }

  @Test func emptyQueueAndBadPositionsAreErrors() async throws {
    let player = Player(sink: FakeSink(), decoders: fakeLibrary([:]))
    await #expect(throws: PlayerError.emptyQueue) { try await player.play() }
    await #expect(throws: PlayerError.noSuchPosition(3)) { try await player.play(position: 3) }
    await #expect(throws: PlayerError.noSuchID(9)) { try await player.delete(id: 9) }
    await #expect(throws: PlayerError.noSuchPosition(-1)) { try await player.move(from: -1, to: 0) }
    #expect(PlayerError.emptyQueue.exitStatus == .noInput)
    await player.shutdown()
  }

  @Test func decoderWarningsAndMidFileErrorsSurfaceAsMessages() async throws {
    let sink = FakeSink()
    let player = Player(
      sink: sink, decoders: fakeLibrary([1: FakeTrack(frames: 5000, failAt: 2500, warnAt: [100]), 2: FakeTrack(frames: 1000)]))
    let log = await EventLog.attach(to: player)
    try await player.add([song(1), song(2)])
    try await player.play()
    await waitUntil("the queue to end") { await player.status().state == .stopped }
    await waitUntil("events") { await log.events.contains(.finished) }
    let messages = await log.messages
    #expect(messages.contains { $0.contains("/music/1.mp3") && $0.contains("frame 100") })
    #expect(messages.contains { $0.contains("/music/1.mp3") && $0.contains("bad frame") })
    #expect(runs(sink.heard).last?.tag == 2)
    await player.shutdown()
  }

  @Test func volumeIsASoftwareGain() async throws {
    let sink = FakeSink()
    let player = Player(sink: sink, decoders: fakeLibrary([1: FakeTrack(frames: 20_000)]))
    try await player.add([song(1)])
    await player.setVolume(50)
    try await player.play()
    await waitUntil("the end") { await player.status().state == .stopped }
    let gain = PlaybackEngine.gain(volume: 50)
    #expect(gain > 0.1 && gain < 0.5)
    // Channel 0 carries the frame index: at frame 10000 the sample must be scaled by the gain.
    let sample = Int(sink.gains[10_000])
    #expect(abs(sample - Int(Double(10_000) * gain)) <= 1)
    #expect(PlaybackEngine.gain(volume: 100) == 1)
    #expect(PlaybackEngine.gain(volume: 0) == 0)
    await player.shutdown()
  }

  @Test func aListenIsToldOncePerPlay() async throws {
    let sink = FakeSink()
    let clock = FakeClock()
    let player = Player(sink: sink, decoders: fakeLibrary([1: FakeTrack(frames: 44_100)]), clock: clock)
    let recorded = Recorder()
    let recording = await player.recordListens { song, listen in recorded.add(song.path, listen) }
    let log = await EventLog.attach(to: player)
    try await player.add([song(1, durationMs: 1000)])
    await player.setRepeat(.one)
    await player.setSingle(false)
    try await player.play()
    await waitUntil("three plays") { await log.started.count >= 3 }
    await player.stop()
    await player.settle()
    await recording.settle()
    await waitUntil("listens") { recorded.count >= 2 }
    // Each completed play of repeat-one is its own listen, handed to the hook once; the last one may
    // have been stopped early.
    await waitUntil("one listen per play") {
      let plays = await log.started.count
      return recorded.count == plays || recorded.count == plays - 1
    }
    let listens = recorded.items
    #expect(listens.count >= 2)
    #expect(listens.allSatisfy { $0.path == "/music/1.mp3" })
    #expect(listens.allSatisfy { $0.listen.playedMs >= 500 })
    await player.shutdown()
  }
}

/// Collects what the listen hook is handed.
final class Recorder: @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [(path: String, listen: Listen)] = []
  func add(_ path: String, _ listen: Listen) { lock.withLock { recorded.append((path, listen)) } }
  var count: Int { lock.withLock { recorded.count } }
  var items: [(path: String, listen: Listen)] { lock.withLock { recorded } }
}

extension Player {
  /// Records the listens this player tells from now on with `counted` and `ended`, as the scrobbler's
  /// wiring does; `settle()` on the result waits until every fact told so far is taken in.
  func recordListens(
    retrySeconds: Double = ListenRecorder.defaultRetrySeconds, told: @escaping @Sendable (String) -> Void = { _ in },
    ended: @escaping @Sendable (Listen) throws -> Void = { _ in },
    counted: @escaping @Sendable (Song, Listen) throws -> Void
  ) async -> ListenRecorder {
    await ListenRecorder.start(
      player: self, writer: ListenRecorder.Writer(counted: counted, ended: ended), retrySeconds: retrySeconds, told: told)
  }
}

extension Player {
  /// The idle changes among the facts told from now on, as the MPD adapter reads them.
  func changes() async -> AsyncCompactMapSequence<AsyncStream<PlayFact>, PlayerChange> {
    facts().compactMap(\.change)
  }
}
