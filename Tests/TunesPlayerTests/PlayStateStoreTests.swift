// Persistence: the saved state comes back exactly; a restart continues the shuffle pass and the position,
// and a restored play never becomes a listen.
import Foundation
import Testing
import TunesCore

@testable import TunesLibrary
@testable import TunesPlayer

func temporaryLibrary() throws -> (Library, URL) {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tunes-player-\(UUID().uuidString)")
  let library = try Library(path: folder.appendingPathComponent("library.db").path, areas: everyDatabaseArea)
  return (library, folder)
}

@Suite struct PlayStateStoreTests {
  @Test func aSnapshotRoundTripsExactly() throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = PlayStateStore(library: library)
    #expect(try store.load() == nil)
    var queue = Queue()
    // Songs not in the library: their ids cannot be kept (the foreign key), their names are.
    queue.add(
      (1...6).map { n -> Song in
        var s = song(n, artist: "a\(n % 2)"); s.id = nil; return s
      })
    queue.move(from: 0, to: 3)
    var pass = ShufflePass(keys: queue.shuffleKeys(), current: nil, rng: SeededRandom(seed: 4))
    _ = pass.advance()
    _ = pass.advance()
    let snapshot = PlayStateSnapshot(
      queue: queue, state: .paused, currentID: pass.history.last, positionMs: 12_345, volume: 42, repeatMode: .all,
      random: true, single: .oneshot, consume: false, pass: pass, version: 17)
    try store.save(snapshot)
    let loaded = try #require(try PlayStateStore(library: library).load())
    #expect(loaded == snapshot)
    // A later save that only moves the position keeps the queue as it was.
    var later = snapshot
    later.positionMs = 14_000
    try store.save(later)
    #expect(try store.load() == later)
  }

  @Test func aPositionOnlySaveWritesThePositionAndLaterChangesStillReachTheRow() throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = PlayStateStore(library: library)
    var queue = Queue()
    queue.add(
      (1...3).map { n -> Song in
        var s = song(n); s.id = nil; return s
      })
    var snapshot = PlayStateSnapshot(queue: queue, state: .playing, currentID: queue[1].id, positionMs: 1_000, volume: 80)
    try store.save(snapshot, at: Date(timeIntervalSince1970: 1_000))
    func savedAt() throws -> String? {
      try library.pool.read { db in try String.fetchOne(db, sql: "SELECT savedAt FROM playerState WHERE id = 1") }
    }
    // Only the position moves: the position and the time reach the row.
    snapshot.positionMs = 3_000
    try store.save(snapshot, at: Date(timeIntervalSince1970: 1_002))
    #expect(try PlayStateStore(library: library).load() == snapshot)
    #expect(try savedAt() == DatabaseTimestamp.text(Date(timeIntervalSince1970: 1_002)))
    // Any other field that changes after a position-only save is written with it, each in its turn.
    snapshot.volume = 30
    snapshot.positionMs = 5_000
    try store.save(snapshot)
    #expect(try PlayStateStore(library: library).load() == snapshot)
    snapshot.state = .paused
    try store.save(snapshot)
    #expect(try PlayStateStore(library: library).load() == snapshot)
    snapshot.currentID = queue[2].id
    snapshot.positionMs = 0
    try store.save(snapshot)
    #expect(try PlayStateStore(library: library).load() == snapshot)
    // The row gone from under the store (nothing to update): the next save writes the whole state again.
    try library.pool.write { db in try db.execute(sql: "DELETE FROM playerState") }
    snapshot.positionMs = 7_000
    try store.save(snapshot)
    #expect(try PlayStateStore(library: library).load() == snapshot)
  }

  @Test func aSongStillInTheLibraryIsReadFresh() throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    var stored = Song(path: "/music/7.mp3", title: "Old", artist: "X")
    try library.pool.write { db in try stored.insert(db) }
    var queue = Queue()
    queue.add([stored])
    try PlayStateStore(library: library).save(PlayStateSnapshot(queue: queue))
    try library.pool.write { db in try db.execute(sql: "UPDATE song SET title = 'New'") }
    let loaded = try #require(try PlayStateStore(library: library).load())
    #expect(loaded.queue[0].song.title == "New")
    // Gone from the library: the names saved with the queue are used.
    try library.pool.write { db in try db.execute(sql: "DELETE FROM song") }
    let again = try #require(try PlayStateStore(library: library).load())
    #expect(again.queue[0].song.path == "/music/7.mp3")
  }

  @Test func eachEntryOfALongQueueGetsItsOwnFreshSong() throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    var songs = (1...300).map { Song(path: "/music/\($0).mp3", title: "t\($0)", artist: "a\($0 % 7)") }
    try library.pool.write { db in for index in songs.indices { try songs[index].insert(db) } }
    var queue = Queue()
    queue.add(songs.reversed() + songs.prefix(5))  // in another order than the ids, one song twice
    try PlayStateStore(library: library).save(PlayStateSnapshot(queue: queue))
    try library.pool.write { db in
      try db.execute(sql: "UPDATE song SET title = 'new ' || title")
      // A row whose file moved (same song, new path): its entries follow it.
      try db.execute(sql: "UPDATE song SET path = '/elsewhere/1.mp3' WHERE path = '/music/1.mp3'")
    }
    let loaded = try #require(try PlayStateStore(library: library).load())
    #expect(
      loaded.queue.items.map(\.song.path)
        == queue.items.map { $0.song.path == "/music/1.mp3" ? "/elsewhere/1.mp3" : $0.song.path })
    for (item, saved) in zip(loaded.queue.items, queue.items) {
      #expect(item.song.title == "new \(saved.song.title)", "\(item.song.path)")
    }
  }

  @Test func aBrokenDatabaseIsAStoreError() throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    try library.pool.write { db in try db.execute(sql: "DROP TABLE queueItem") }
    #expect(throws: PlayerError.self) { try PlayStateStore(library: library).save(PlayStateSnapshot()) }
    #expect(PlayerError.stateStore("x").exitStatus == .ioError)
  }

  @Test func aRestartContinuesThePassThePositionAndTheListen() async throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tracks = Dictionary(uniqueKeysWithValues: (1...6).map { ($0, FakeTrack(frames: 30_000)) })
    let sink = FakeSink()
    sink.hold()
    let player = Player(sink: sink, decoders: fakeLibrary(tracks), library: library, seed: 9)
    let recordedBefore = Recorder()
    let recordingBefore = await player.recordListens { song, listen in recordedBefore.add(song.path, listen) }
    try await player.add((1...6).map { song($0, artist: "artist \($0)", durationMs: 600) })
    await player.setRandom(true)
    try await drive(sink, player) { try await player.play() }
    try await drive(sink, player) { await player.next() }
    try await drive(sink, player) { await player.seek(toMs: 200) }
    try await drive(sink, player) { await player.pause(true) }
    await player.quiesce(sink)
    let before = await player.status()
    let order = await player.shutdownReturningOrder()
    await recordingBefore.finished()
    sink.release()

    let sink2 = FakeSink()
    let restored = Player(sink: sink2, decoders: fakeLibrary(tracks), library: library, seed: 1234)
    let log = await EventLog.attach(to: restored)
    let recorded = Recorder()
    let recording = await restored.recordListens { song, listen in recorded.add(song.path, listen) }
    #expect(try await restored.restore())
    let after = await restored.status()
    #expect(after.currentID == before.currentID)
    #expect(after.elapsedMs == before.elapsedMs)
    #expect(after.state == .paused)
    #expect(await restored.shuffleOrder()?.ids == order?.ids)
    #expect(await restored.shuffleOrder()?.cursor == order?.cursor)
    try await restored.play()
    // The rest of the pass, in the saved order, no song twice.
    await waitUntil("the pass to end") { await restored.status().state == .stopped }
    await waitUntil("events") { await log.events.contains(.finished) }
    await restored.settle()
    await recording.settle()
    let started = await log.started
    // Entry n holds song n (added in order).
    let expected = order!.ids[(order!.cursor)...].map { "/music/\($0).mp3" }
    #expect(started == expected)
    // The resumed song continued at its position: its first heard frame is where it was paused.
    #expect(sink2.heard.first?.frame == Self.format.frames(milliseconds: before.elapsedMs))
    // The resumed play is the one from before the restart, heard on: its listen counts once, before the
    // restart or after it (as much of it may have been heard before as the seek and pause left); the
    // others played through count.
    let listens = recorded.items.map(\.path)
    let resumedBefore = recordedBefore.items.filter { $0.path == started[0] }.count
    #expect(resumedBefore + listens.filter { $0 == started[0] }.count == 1)
    #expect(listens.count == started.count - resumedBefore)
    await restored.shutdown()
  }

  /// The song a session stood on is in the shuffle history once: after a restart, the first `previous`
  /// goes to the song before it instead of replaying it.
  @Test(arguments: [true, false]) func aRestoredSongIsInTheHistoryOnce(stoppedFirst: Bool) async throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tracks = Dictionary(uniqueKeysWithValues: (1...6).map { ($0, FakeTrack(frames: 441_000)) })
    let sink = FakeSink()
    sink.hold()
    let player = Player(sink: sink, decoders: fakeLibrary(tracks), library: library, seed: 5)
    try await player.add((1...6).map { song($0, artist: "artist \($0)") })
    await player.setRandom(true)
    var played: [Int?] = []
    try await drive(sink, player) { try await player.play() }
    played.append(await player.status().currentID)
    for _ in 0..<2 {
      try await drive(sink, player) { await player.next() }
      played.append(await player.status().currentID)
    }
    if stoppedFirst { try await drive(sink, player) { await player.stop() } }
    try await drive(sink, player) { await player.shutdown() }
    sink.release()

    let sink2 = FakeSink()
    sink2.hold()
    let restored = Player(sink: sink2, decoders: fakeLibrary(tracks), library: library, seed: 6)
    #expect(try await restored.restore())
    try await drive(sink2, restored) { try await restored.play() }
    #expect(await restored.status().currentID == played[2])
    try await drive(sink2, restored) { await restored.previous() }
    #expect(await restored.status().currentID == played[1])
    try await drive(sink2, restored) { await restored.previous() }
    #expect(await restored.status().currentID == played[0])
    sink2.release()
    await restored.shutdown()
  }

  /// A queued song whose file the indexer recorded as moved (same song id, new path) is played from its new
  /// path; `refreshSongs` (run after an index update) moves every such entry to its new path at once.
  @Test func queuedSongsFollowAFileTheLibraryRecordsAsMoved() async throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let one = try insert(Song(path: "/music/old-1.mp3", title: "One", artist: "A"), into: library)
    let two = try insert(Song(path: "/music/old-2.mp3", title: "Two", artist: "A"), into: library)
    let sink = FakeSink()
    let tracks = [1: FakeTrack(frames: 3000), 2: FakeTrack(frames: 3000)]
    let player = Player(sink: sink, decoders: fakeLibrary(tracks), library: library)
    let log = await EventLog.attach(to: player)
    try await player.add([one, two])
    try await library.pool.write { db in
      try db.execute(sql: "UPDATE song SET path = '/music/1.mp3' WHERE id = ?", arguments: [one.id])
    }
    let version = await player.status().queueVersion
    #expect(await player.refreshSongs() == 1)
    #expect(await player.queueEntries().map(\.song.path) == ["/music/1.mp3", "/music/old-2.mp3"])
    #expect(await player.queueChanges(since: version).map(\.position) == [0])
    // Moved again, with no refresh: the song is still played from where the library has it now.
    try await library.pool.write { db in
      try db.execute(sql: "UPDATE song SET path = '/music/2.mp3' WHERE id = ?", arguments: [two.id])
    }
    try await player.play()
    await waitUntil("the end") { await player.status().state == .stopped }
    #expect(runs(sink.heard).map(\.tag) == [1, 2])
    #expect(await log.messages.isEmpty)
    #expect(await player.queueEntries().map(\.song.path) == ["/music/1.mp3", "/music/2.mp3"])
    await player.shutdown()
  }

  /// A file renamed only from NFC to NFD is a move to the indexer, which compares names byte for byte: the
  /// queue follows it to the new bytes, though Swift's `==` holds the two names equal.
  @Test func queuedSongsFollowARenameThatOnlyChangesTheNormalForm() async throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let composed = "/music/Caf\u{E9}.mp3"
    let decomposed = "/music/Cafe\u{301}.mp3"
    let song = try insert(Song(path: composed, title: "Café", artist: "A"), into: library)
    let player = Player(sink: FakeSink(), decoders: fakeLibrary([1: FakeTrack(frames: 3000)]), library: library)
    try await player.add([song])
    try await library.pool.write { db in
      try db.execute(sql: "UPDATE song SET path = ? WHERE id = ?", arguments: [decomposed, song.id])
    }
    #expect(await player.refreshSongs() == 1)
    let paths = await player.queueEntries().map { Array($0.song.path.utf8) }
    #expect(paths == [Array(decomposed.utf8)])
    await player.shutdown()
  }

  /// `refreshSongs` reads every song's path, a read of the whole song table: the Player goes on answering
  /// while it waits for the library. Every reader of the library's pool is held here, so the refresh's read
  /// waits until they are let go; meanwhile the Player must still answer `status`.
  @Test func aRefreshWaitingForTheLibraryDoesNotHoldThePlayer() async throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let one = try insert(Song(path: "/music/old-1.mp3", title: "One", artist: "A"), into: library)
    let player = Player(sink: FakeSink(), decoders: fakeLibrary([1: FakeTrack(frames: 3000)]), library: library)
    try await player.add([one])
    try await library.pool.write { db in
      try db.execute(sql: "UPDATE song SET path = '/music/1.mp3' WHERE id = ?", arguments: [one.id])
    }
    let (readers, release) = await holdEveryReader(of: library)
    let refresh = Task { await player.refreshSongs() }
    // The refresh reads on its own named thread: once that thread sleeps, it waits for a reader.
    #expect(await eventually(60) { Self.threadSleeps(named: "tunes-refresh") })
    let answered = Counter()
    let status = Task {
      _ = await player.status()
      answered.add()
    }
    let answeredWhileHeld = await eventually(15) { answered.value == 1 }
    for _ in 0..<readers { release.signal() }
    #expect(answeredWhileHeld)
    #expect(await refresh.value == 1)
    await status.value
    #expect(await player.queueEntries().map(\.song.path) == ["/music/1.mp3"])
    await player.shutdown()
  }

  static let format = AudioFormat(sampleRate: 44100, channels: 2)

  /// Whether a thread of this process named `name` is asleep (state S in its /proc stat), as the kernel
  /// knows it by the name its thread set.
  static func threadSleeps(named name: String) -> Bool {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.contains { task in
      let comm = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
      guard comm.trimmingCharacters(in: .newlines) == name,
        let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
        let afterName = stat.range(of: ") ", options: .backwards)
      else { return false }
      return stat[afterName.upperBound...].hasPrefix("S")
    }
  }
}

extension Player {
  func shutdownReturningOrder() async -> (ids: [Int], cursor: Int, number: Int)? {
    let order = shuffleOrder()
    await shutdown()
    return order
  }
}
