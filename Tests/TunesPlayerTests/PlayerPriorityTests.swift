// Queue priorities (MPD's `prio`) through the whole Player: shuffling, the unplayed entry of the highest
// priority plays next; playing an entry resets its priority, as MPD does; a restart keeps them.
import Foundation
import Testing
import TunesCore

@testable import TunesLibrary
@testable import TunesPlayer

@Suite struct PlayerPriorityTests {
  @Test func shufflingTheHighestPriorityPlaysNextAndPlayingResetsIt() async throws {
    let tracks = Dictionary(uniqueKeysWithValues: (1...8).map { ($0, FakeTrack(frames: 30_000)) })
    let sink = FakeSink()
    sink.hold()
    let player = Player(sink: sink, decoders: fakeLibrary(tracks), seed: 3)
    let ids = try await player.add((1...8).map { song($0, artist: "artist \($0)") })
    await player.setRandom(true)
    try await drive(sink, player) { try await player.play() }
    let first = try #require(await player.status().currentID)
    let others = ids.filter { $0 != first }
    // Two unplayed entries: the one of priority 20 first, then the one of 10, then the rest.
    let (low, high) = (others[1], others[4])
    try await player.setPriority(10, ids: [low])
    try await player.setPriority(20, ids: [high])
    #expect(await player.priorities() == [low: 10, high: 20])
    #expect(await player.status().nextID == high)
    try await drive(sink, player) { await player.next() }
    #expect(await player.status().currentID == high)
    #expect(await player.priorities() == [low: 10])
    try await drive(sink, player) { await player.next() }
    #expect(await player.status().currentID == low)
    #expect(await player.priorities().isEmpty)
    sink.release()
    await player.shutdown()
  }

  /// Shuffling and stopped, a bare `play` starts with the entry of the highest priority, then the next
  /// priority down, as mpd does (case 60-random-play-priority of the MPD differential run).
  @Test(arguments: [UInt64(3), 11, 29]) func aBarePlayStartsWithTheHighestPriority(seed: UInt64) async throws {
    let tracks = Dictionary(uniqueKeysWithValues: (1...8).map { ($0, FakeTrack(frames: 30_000)) })
    let sink = FakeSink()
    sink.hold()
    let player = Player(sink: sink, decoders: fakeLibrary(tracks), seed: seed)
    let ids = try await player.add((1...8).map { song($0, artist: "artist \($0)") })
    await player.setRandom(true)
    try await player.setPriority(5, ids: [ids[6]])
    try await player.setPriority(10, ids: [ids[2]])
    try await drive(sink, player) { try await player.play() }
    #expect(await player.status().currentID == ids[2])
    #expect(await player.status().nextID == ids[6])
    try await drive(sink, player) { await player.next() }
    #expect(await player.status().currentID == ids[6])
    sink.release()
    await player.shutdown()
  }

  @Test func oneVersionPerCommandAndUnknownIdsChangeNothing() async throws {
    let player = Player(sink: FakeSink(), decoders: fakeLibrary([:]))
    let ids = try await player.add((1...3).map { song($0) })
    let before = await player.status().queueVersion
    try await player.setPriority(5, ids: [ids[0], ids[2]])
    #expect(await player.status().queueVersion == before + 1)
    try await player.setPriority(5, ids: [ids[0]])  // no change: MPD moves the version on all the same
    #expect(await player.status().queueVersion == before + 2)
    await #expect(throws: PlayerError.self) { try await player.setPriority(9, ids: [ids[1], 999]) }
    #expect(await player.priorities() == [ids[0]: 5, ids[2]: 5])
    #expect(await player.status().queueVersion == before + 2)
    await player.shutdown()
  }

  @Test func prioritiesSurviveARestart() async throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let player = Player(sink: FakeSink(), decoders: fakeLibrary([:]), library: library)
    let ids = try await player.add((1...3).map { song($0) })
    try await player.setPriority(42, ids: [ids[1]])
    await player.shutdown()
    let restored = Player(sink: FakeSink(), decoders: fakeLibrary([:]), library: library)
    #expect(try await restored.restore())
    #expect(await restored.priorities() == [ids[1]: 42])
    await restored.shutdown()
  }
}
