// The rows a save writes: song ids that left the library become NULL (the names stay), and the saved-at
// date is stored as GRDB stores dates.
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
}
