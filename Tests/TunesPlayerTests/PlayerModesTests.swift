// Modes through the whole Player: shuffle passes with repeat all, consume, single, listens recorded.
import Foundation
import Testing
import TunesCore

@testable import TunesLibrary
@testable import TunesPlayer

@Suite struct PlayerModesTests {
  @Test func shufflePassesPlayEverySongOnceAndNeverRepeatAtTheSeam() async throws {
    let tracks = Dictionary(uniqueKeysWithValues: (1...5).map { ($0, FakeTrack(frames: 2000)) })
    let player = Player(sink: FakeSink(bufferFrames: 1500), decoders: fakeLibrary(tracks), seed: 77)
    let log = await EventLog.attach(to: player)
    try await player.add((1...5).map { song($0, artist: "artist \($0 % 3)") })
    await player.setRandom(true)
    await player.setRepeat(.all)
    try await player.play()
    await waitUntil("four passes") { await log.started.count >= 20 }
    await player.stop()
    let started = Array(await log.started.prefix(20))
    let passes = stride(from: 0, to: 20, by: 5).map { Array(started[$0..<($0 + 5)]) }
    for pass in passes { #expect(Set(pass).count == 5, "a pass repeated a song: \(pass)") }
    for index in 1..<passes.count {
      #expect(passes[index].first != passes[index - 1].last, "a pass began with the song just played")
    }
    #expect(Set(passes.map { $0 }).count > 1, "every pass was the same order")
    await player.shutdown()
  }

  @Test func consumeEmptiesTheQueueAsItPlays() async throws {
    let tracks = Dictionary(uniqueKeysWithValues: (1...3).map { ($0, FakeTrack(frames: 3000)) })
    let sink = FakeSink()
    let player = Player(sink: sink, decoders: fakeLibrary(tracks))
    try await player.add((1...3).map { song($0) })
    await player.setConsume(true)
    try await player.play()
    await waitUntil("the end") { await player.status().state == .stopped }
    #expect(runs(sink.heard).map(\.tag) == [1, 2, 3])
    #expect(await player.status().queueLength == 0)
    await player.shutdown()
  }

  /// As in MPD: play halts at the song's end, on the song that follows, paused at its start.
  @Test func singleHaltsAfterTheSong() async throws {
    let tracks = Dictionary(uniqueKeysWithValues: (1...3).map { ($0, FakeTrack(frames: 3000)) })
    let sink = FakeSink()
    let player = Player(sink: sink, decoders: fakeLibrary(tracks))
    try await player.add((1...3).map { song($0) })
    await player.setSingle(true)
    try await player.play(position: 1)
    await waitUntil("the end") { await player.status().state == .paused }
    await player.settle()
    #expect(runs(sink.heard).map(\.tag) == [2])
    #expect(await player.status().currentPosition == 2)
    await player.shutdown()
  }

  @Test func aListenIsRecordedInTheLibraryWithoutAScrobbler() async throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let stored = try insert(Song(path: "/music/1.mp3", title: "One", artist: "A", durationMs: 100), into: library)
    let player = Player(sink: FakeSink(), decoders: fakeLibrary([1: FakeTrack(frames: 4410)]), library: library)
    let recording = await ListenRecorder.start(player: player, writer: .playCounts(in: library))
    try await player.add([stored])
    try await player.play()
    await waitUntil("the end") { await player.status().state == .stopped }
    await player.settle()
    await recording.settle()
    #expect(try library.song(id: stored.id!)?.playCount == 1)
    await player.shutdown()
  }

  /// Each change also carries the state it made, read here after all three were made: an observer that
  /// asked the Player on each change would have drawn the last state three times.
  @Test func changesNameTheSubsystemsAndCountUp() async throws {
    let player = Player(sink: FakeSink(), decoders: fakeLibrary([:]))
    let before = await player.status()
    let stream = await player.changes()
    try await player.add([song(1)])
    await player.setVolume(40)
    await player.setRepeat(.one)
    var received: [PlayerChange] = []
    for await change in stream {
      received.append(change)
      if received.count == 3 { break }
    }
    #expect(received.map(\.subsystems) == [[.playlist], [.mixer], [.options]])
    #expect(received.map(\.version) == received.map(\.version).sorted())
    #expect(Set(received.map(\.version)).count == 3)
    #expect(await player.status().volume == 40)
    #expect(before.volume != 40 && before.repeatMode != .one)
    #expect(received.map(\.status.queueLength) == [1, 1, 1])
    #expect(received.map(\.status.volume) == [before.volume, 40, 40])
    #expect(received.map(\.status.repeatMode) == [before.repeatMode, before.repeatMode, .one])
    #expect(received.map(\.status.version) == received.map(\.version))
    await player.shutdown()
  }
}

extension PlayerModesTests {
  /// A song change is a `player` change only (MPD's idle): the queue did not change, so no `playlist`
  /// event and no new queue version, shuffling or not.
  @Test(arguments: [false, true]) func aSongChangeIsNoQueueChange(shuffle: Bool) async throws {
    let tracks = Dictionary(uniqueKeysWithValues: (1...4).map { ($0, FakeTrack(frames: 441_000)) })
    let sink = FakeSink()
    sink.hold()
    let player = Player(sink: sink, decoders: fakeLibrary(tracks), seed: 3)
    try await player.add((1...4).map { song($0, artist: "artist \($0)") })
    await player.setRandom(shuffle)
    let queueVersion = await player.status().queueVersion
    let stream = await player.changes()
    try await drive(sink, player) { try await player.play() }
    try await drive(sink, player) { await player.next() }
    try await drive(sink, player) { await player.previous() }
    try await drive(sink, player) { try await player.play(position: 3) }
    try await drive(sink, player) { await player.setVolume(50) }
    var received: [Set<PlayerSubsystem>] = []
    for await change in stream {
      received.append(change.subsystems)
      if change.subsystems.contains(.mixer) { break }
    }
    #expect(received.dropLast().allSatisfy { $0 == [.player] }, "\(received)")
    #expect(received.count >= 5)
    #expect(await player.status().queueVersion == queueVersion)
    sink.release()
    await player.shutdown()
  }
}

/// Inserts a song synchronously and returns it with its id.
func insert(_ song: Song, into library: Library) throws -> Song {
  try library.pool.write { db in
    var copy = song
    try copy.insert(db)
    return copy
  }
}
