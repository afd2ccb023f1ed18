// The stamp the backend compares before reading the library's generation: it follows the generation
// mark an index run replaces after each commit, not the database's own files (the player's saves write
// those every two seconds), and a stamp is fresh while the mark was written moments ago.
import Foundation
import Testing

@testable import TunesControl
@testable import TunesLibrary

struct DatabaseStampTests {
  @Test func anIndexRunChangesTheStampAndAPlayerSaveDoesNot() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/library.db"
    let library = try Library(path: path, areas: everyDatabaseArea)
    let first = DatabaseStamp(path: path)
    #expect(DatabaseStamp(path: path) == first)
    // A commit that is not an index run's, as the player's state saves are.
    try library.pool.write { db in try db.execute(sql: "CREATE TABLE scratch (x)") }
    #expect(DatabaseStamp(path: path) == first)
    // An index run that changes songs.
    let music = folder + "/music"
    try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
    try makeMP3(music + "/one.mp3", title: "One", artist: "A", album: "B", track: 1)
    _ = try library.index(paths: [music])
    let indexed = DatabaseStamp(path: path)
    #expect(indexed != first)
    // A second run that changes songs again replaces the mark: a new stamp, however close in time.
    try makeMP3(music + "/two.mp3", title: "Two", artist: "A", album: "B", track: 2)
    _ = try library.index(paths: [music])
    #expect(DatabaseStamp(path: path) != indexed)
  }

  @Test func aStampIsFreshJustAfterAWrite() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/library.db"
    // Fresh at the moment of the write: a busy machine may run this thread again long after it.
    let written = Date().timeIntervalSince1970
    try Data("changed".utf8).write(to: URL(fileURLWithPath: Library.generationMarkPath(database: path)))
    let stamp = DatabaseStamp(path: path)
    #expect(stamp.isFresh(now: written))
    #expect(!stamp.isFresh(now: Date().timeIntervalSince1970 + 1))
    // No mark at all: nothing was written, nothing is fresh.
    #expect(!DatabaseStamp(path: folder + "/none.db").isFresh())
    #expect(DatabaseStamp(path: folder + "/none.db") == DatabaseStamp(path: folder + "/other.db"))
  }
}
