// Every play that meets the listen rule is recorded, once: the last song of a queue even when the whole of
// it sat in the device's buffer before it was heard (it is announced as the drain plays it), and plays the
// database could not take (a full disk) once it takes writes again.
import Foundation
import GRDB
import Testing
import TunesCore
import TunesOutput

@testable import TunesPlayer

/// A listen hook writing to a database that is full for its first `refusing` writes (each throws
/// SQLITE_FULL, as SQLite does when the disk is full), or until `free()`; then it writes.
final class FullDiskHook: @unchecked Sendable {
  private let lock = NSLock()
  private var refusing: Int
  private var written: [String] = []
  private var refusals = 0

  init(refusing: Int = .max) { self.refusing = refusing }

  func free() { lock.withLock { refusing = 0 } }
  var recorded: [String] { lock.withLock { written } }
  var refused: Int { lock.withLock { refusals } }

  func write(_ what: String) throws {
    try lock.withLock {
      if refusals < refusing {
        refusals += 1
        throw DatabaseError(resultCode: .SQLITE_FULL, message: "database or disk is full")
      }
      written.append(what)
    }
  }
}

@Suite struct ListenRecordingTests {
  /// Two 1 s songs on a device with 2 s of buffer: the second is heard only as the queue's end drains it.
  @Test func theLastSongHeardAsTheDeviceDrainsCounts() async throws {
    let player = Player(
      sink: FakeSink(bufferFrames: 88_200),
      decoders: fakeLibrary([1: FakeTrack(frames: 44_100), 2: FakeTrack(frames: 44_100)]))
    let counted = Recorder()
    let recording = await player.recordListens { song, listen in counted.add(song.path, listen) }
    try await player.add([song(1, durationMs: 1000), song(2, durationMs: 1000)])
    try await player.play()
    await waitUntil("the end") { await player.status().state == .stopped }
    await player.settle()
    await recording.settle()
    #expect(counted.items.map(\.path) == ["/music/1.mp3", "/music/2.mp3"])
    #expect(counted.items.allSatisfy { $0.listen.playedMs >= 500 })
    #expect(await player.heardMs == 2000)
    await player.shutdown()
  }

  /// The same through ALSA's null device kept at the audio clock, as `tunes play --device null` plays:
  /// three songs of 0.8 s, each wholly within the device's 1 s of lead before it is heard.
  @Test func everySongOfAQueueOfShortSongsCountsInRealTime() async throws {
    let sink = PacedSink(ALSASink(device: "null"), mode: .realtime)
    let tracks = Dictionary(uniqueKeysWithValues: (1...3).map { ($0, FakeTrack(frames: 35_280)) })
    let player = Player(sink: sink, decoders: fakeLibrary(tracks))
    let counted = Recorder()
    let recording = await player.recordListens { song, listen in counted.add(song.path, listen) }
    try await player.add((1...3).map { song($0, durationMs: 800) })
    try await player.play()
    await waitUntil("the end") { await player.status().state == .stopped }
    await player.settle()
    await recording.settle()
    #expect(counted.items.map(\.path) == ["/music/1.mp3", "/music/2.mp3", "/music/3.mp3"])
    await player.shutdown()
  }

  /// Five songs of 0.2 s, the first three counted while the disk is full (it frees early in the fourth):
  /// none is lost, none counted twice, and the ones kept are written, in order, before the fourth.
  @Test func playsTheDiskRefusedAreWrittenWhenItTakesWritesAgain() async throws {
    let tracks = Dictionary(uniqueKeysWithValues: (1...5).map { ($0, FakeTrack(frames: 8820)) })
    let hook = FullDiskHook()
    let sink = FakeSink()
    let player = Player(sink: sink, decoders: fakeLibrary(tracks))
    let told = Messages()
    let recording = await player.recordListens(told: told.add) { song, _ in try hook.write(song.path) }
    try await player.add((1...5).map { song($0, durationMs: 200) })
    // 31 chunks or a few more: three songs of nine chunks each and the start of the fourth, whose listen
    // is due only once the report at its end (chunk 36) tells how much of it was heard.
    sink.hold()
    try await drive(sink, player) { try await player.play() }
    for _ in 0..<30 { sink.step() }
    await player.quiesce(sink)
    await waitUntil("the fourth song") { await player.status().currentID == 4 }
    await recording.settle()
    #expect(hook.recorded.isEmpty)
    hook.free()
    sink.release()
    await waitUntil("the queue to end") { await player.status().state == .stopped }
    await player.settle()
    await recording.settle()
    #expect(hook.refused >= 3)
    #expect(hook.recorded == (1...5).map { "/music/\($0).mp3" })
    // Each refused play is told once, not at every retry, in the order played: the first three, and the
    // fourth too when a busy machine let the engine reach its end before the disk freed.
    let refused = told.all.filter { $0.hasPrefix("cannot record the play of ") }.map {
      String($0.dropFirst("cannot record the play of ".count).prefix { $0 != ":" })
    }
    #expect(refused.count >= 3 && refused == Array(hook.recorded.prefix(refused.count)), "\(refused)")
    await player.shutdown()
  }

  /// Nothing else playing: the kept plays are written by the retry on its own.
  @Test func playsKeptAreRetriedWhileThePlayerIsStopped() async throws {
    let hook = FullDiskHook()
    let player = Player(sink: FakeSink(), decoders: fakeLibrary([1: FakeTrack(frames: 4410)]))
    let recording = await player.recordListens(retrySeconds: 0.2) { song, _ in try hook.write(song.path) }
    try await player.add([song(1, durationMs: 100)])
    try await player.play()
    await waitUntil("the end") { await player.status().state == .stopped }
    await player.settle()
    await recording.settle()
    #expect(hook.recorded.isEmpty)
    hook.free()
    await waitUntil("the retry") { hook.recorded == ["/music/1.mp3"] }
    #expect(hook.recorded == ["/music/1.mp3"])
    await player.shutdown()
  }
}

/// What a listen recorder told, in order.
final class Messages: @unchecked Sendable {
  private let lock = NSLock()
  private var told: [String] = []
  func add(_ message: String) { lock.withLock { told.append(message) } }
  var all: [String] { lock.withLock { told } }
}
