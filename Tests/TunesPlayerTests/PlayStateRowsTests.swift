// The rows a save writes: song ids that left the library become NULL (the names stay), the saved-at
// date is stored as GRDB stores dates, and a new shuffle order of the same queue keeps the queue's rows.
import Foundation
import GRDB
import Testing
import TunesCore

@testable import TunesLibrary
@testable import TunesPlayer

@Suite struct PlayStateRowsTests {
  @Test func aSongIDNoLongerInTheLibraryIsSavedAsNull() throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    var kept = Song(path: "/music/kept.mp3", title: "Kept", artist: "X")
    try library.pool.write { db in try kept.insert(db) }
    var gone = Song(path: "/music/gone.mp3", title: "Gone", artist: "Y")
    gone.id = (kept.id ?? 0) + 1000
    var queue = Queue()
    queue.add([kept, gone])
    try PlayStateStore(library: library).save(PlayStateSnapshot(queue: queue))
    let rows = try library.pool.read { db in
      try Row.fetchAll(db, sql: "SELECT songId, path, title FROM queueItem ORDER BY position")
    }
    #expect(rows.count == 2)
    #expect(rows[0]["songId"] as Int64? == kept.id)
    #expect(rows[1]["songId"] as Int64? == nil)
    #expect(rows[1]["path"] as String == "/music/gone.mp3")
    #expect(rows[1]["title"] as String == "Gone")
  }

  @Test func savedAtIsStoredAsGRDBStoresDates() throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let date = Date(timeIntervalSince1970: 1_700_000_123.456)
    try PlayStateStore(library: library).save(PlayStateSnapshot(), at: date)
    let stored = try library.pool.read { db in try String.fetchOne(db, sql: "SELECT savedAt FROM playerState") }
    #expect(stored == String.fromDatabaseValue(date.databaseValue))
    let read = try library.pool.read { db in try Date.fetchOne(db, sql: "SELECT savedAt FROM playerState") }
    #expect(abs((read ?? .distantPast).timeIntervalSince(date)) < 0.001)
  }

  /// Random switched on and off with the queue unchanged writes each entry's place in the pass and no
  /// more: no row is deleted and written again (all the rows of a 64k queue cost ~0.8 s of CPU beside the
  /// player, at every switch), and a load brings back the pass and the queue. An edited queue is still
  /// written whole.
  @Test func aNewShuffleOrderOfTheSameQueueKeepsItsRows() throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    var queue = Queue()
    queue.add((1...30).map { Song(path: "/music/\($0).mp3", title: "T\($0)", artist: "A\($0 % 4)") })
    let store = PlayStateStore(library: library)
    try store.save(PlayStateSnapshot(queue: queue))
    try library.pool.write { db in
      try db.execute(sql: "CREATE TABLE rewrittenRow (id INTEGER)")
      try db.execute(
        sql: "CREATE TRIGGER countRewrites AFTER DELETE ON queueItem BEGIN INSERT INTO rewrittenRow VALUES (OLD.id); END")
    }
    func rewritten() throws -> Int {
      try library.pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM rewrittenRow") ?? 0 }
    }
    func saved() throws -> (ids: [Int], shuffled: [Int]) {
      try library.pool.read { db in
        (
          try Int.fetchAll(db, sql: "SELECT id FROM queueItem ORDER BY position"),
          try Int.fetchAll(db, sql: "SELECT id FROM queueItem WHERE shuffleIndex IS NOT NULL ORDER BY shuffleIndex")
        )
      }
    }
    let ids = (0..<queue.count).map { queue[$0].id }
    let pass = ShufflePass(keys: queue.shuffleKeys(), current: nil, rng: SeededRandom(seed: 4))
    try store.save(PlayStateSnapshot(queue: queue, random: true, pass: pass))
    #expect(try saved().ids == ids && saved().shuffled == pass.orderIDs)
    #expect(try store.load()?.pass?.orderIDs == pass.orderIDs)
    try store.save(PlayStateSnapshot(queue: queue))
    #expect(try saved().ids == ids && saved().shuffled.isEmpty)
    #expect(try store.load()?.pass == nil)
    #expect(try rewritten() == 0, "the rows were deleted and written again")
    queue.add([Song(path: "/music/new.mp3", title: "New", artist: "B")])
    try store.save(PlayStateSnapshot(queue: queue))
    #expect(try saved().ids == ids + [queue[30].id])
    #expect(try rewritten() == 30)
  }
}
