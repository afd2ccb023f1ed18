// The shuffle pass changed while the next song is already planned: the engine has begun that song (here
// in a crossfade, as with a gapless start) but it is not yet heard, and the plan made for it holds the
// pass as it was. Songs added or removed meanwhile, or the queue replaced, must be in (or out of) every
// pass that follows, each pass a permutation of the queue as it is, `nextsong` never the song playing,
// and no pass beginning with the song that ended the one before.
import Foundation
import Testing
import TunesCore
import TunesLibrary

@testable import TunesPlayer

@Suite(.timeLimit(.minutes(4))) struct ShufflePlanTests {
  /// 3 s songs at 8 kHz: with a 1 s crossfade the next song is written 8 000 frames before the end.
  static let format = AudioFormat(sampleRate: 8_000, channels: 2)
  static let tracks = Dictionary(uniqueKeysWithValues: (1...9).map { ($0, FakeTrack(frames: 24_000, format: format)) })

  func tune(_ n: Int) -> Song { song(n, artist: "Artist \(n)", album: "Album \(n)") }

  /// A player shuffling `queued` with repeat all and a 1 s crossfade, held where the engine writes the
  /// next song (the fade has begun) and the song fading out is still the current one.
  func fadingIntoNext(_ queued: ClosedRange<Int>, seed: UInt64) async throws -> (FakeSink, Player) {
    let sink = FakeSink()
    let player = Player(sink: sink, decoders: fakeLibrary(Self.tracks), persist: false, seed: seed)
    await player.setCrossfade(1)
    try await player.add(queued.map(tune))
    await player.setRandom(true)
    await player.setRepeat(.all)
    sink.hold()
    try await drive(sink, player) { try await player.play() }
    for _ in 0..<400 where await player.plans.writtenAhead == nil {
      sink.step()
      await player.quiesce(sink)
    }
    let ahead = await player.plans.writtenAhead
    let current = await player.status().currentID
    #expect(ahead != nil && ahead?.itemID != current, "the next song is not being written")
    return (sink, player)
  }

  /// Plays on, a write at a time, until `songs` songs have started in all (counting the one current
  /// now); the songs in the order they started. Checks on the way that the status never names the song
  /// playing as the next one.
  func playOn(_ sink: FakeSink, _ player: Player, songs: Int) async -> [Int] {
    var started: [Int] = []
    var lastID: Int?
    for _ in 0..<(songs * 40) where started.count < songs {
      let status = await player.status()
      if status.state == .stopped { break }
      if let id = status.currentID, id != lastID, let path = status.song?.path {
        started.append(tag(ofPath: path))
        lastID = id
      }
      if let next = status.nextID, status.queueLength > 1 {
        #expect(next != status.currentID, "nextsong names the song playing (\(next))")
      }
      sink.step()
      await player.quiesce(sink)
    }
    sink.release()
    await player.shutdown()
    return started
  }

  /// Every pass (of `songs.count` songs, from the first) holds each song once, and none begins with the
  /// song that ended the pass before.
  func expectPasses(_ played: [Int], of songs: Set<Int>, count: Int) {
    #expect(played.count == songs.count * count, "played \(played)")
    for start in stride(from: 0, to: played.count, by: songs.count) {
      let pass = played[start..<min(start + songs.count, played.count)]
      #expect(Set(pass) == songs && pass.count == songs.count, "pass \(Array(pass)) of \(played)")
    }
    for (a, b) in zip(played, played.dropFirst()) { #expect(a != b, "a song played twice in a row in \(played)") }
  }

  @Test(arguments: [3, 8, 21] as [UInt64])
  func aSongAddedWhileTheNextFadesInPlaysInEveryPass(seed: UInt64) async throws {
    let (sink, player) = try await fadingIntoNext(1...3, seed: seed)
    try await player.add([tune(4)])
    expectPasses(await playOn(sink, player, songs: 12), of: [1, 2, 3, 4], count: 3)
  }

  @Test(arguments: [3, 8, 21] as [UInt64])
  func aSongRemovedWhileTheNextFadesInNeverComesBack(seed: UInt64) async throws {
    let (sink, player) = try await fadingIntoNext(1...4, seed: seed)
    // An entry of the unplayed part, not the one fading in.
    let ahead = await player.plans.writtenAhead?.itemID
    let order = try #require(await player.shuffleOrder())
    let removed = try #require(order.ids[(order.cursor + 1)...].first(where: { $0 != ahead }))
    let entries = await player.queueEntries()
    let removedTag = try #require(entries.first(where: { $0.id == removed })).song.path
    try await player.delete(id: removed)
    let kept = Set([1, 2, 3, 4]).subtracting([tag(ofPath: removedTag)])
    expectPasses(await playOn(sink, player, songs: 9), of: kept, count: 3)
  }

  /// `mpc clear; mpc add DIR; mpc play` while a song fades into the next: the new queue's passes.
  @Test(arguments: [3, 8, 21] as [UInt64])
  func aQueueReplacedWhileTheNextFadesInPlaysWholePasses(seed: UInt64) async throws {
    let (sink, player) = try await fadingIntoNext(1...4, seed: seed)
    try await drive(sink, player) {
      await player.clear()
      try await player.add((5...8).map(tune))
      try await player.play()
    }
    expectPasses(await playOn(sink, player, songs: 12), of: [5, 6, 7, 8], count: 3)
  }
}
