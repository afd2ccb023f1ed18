// The database stamp the backend compares before reading the library's generation: unchanged files
// stamp alike, any write to the database or its write-ahead log (even one that keeps the size) does not,
// and a stamp is fresh while a file was modified moments ago.
import Foundation
import Testing

@testable import TunesControl

struct DatabaseStampTests {
  @Test func aWriteToEitherFileChangesTheStamp() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/library.db"
    try Data("database".utf8).write(to: URL(fileURLWithPath: path))
    let first = DatabaseStamp(path: path)
    #expect(DatabaseStamp(path: path) == first)
    // The log appears, as with the first commit in WAL mode.
    try Data("log".utf8).write(to: URL(fileURLWithPath: path + "-wal"))
    let withLog = DatabaseStamp(path: path)
    #expect(withLog != first)
    // The same size, written later: the time tells.
    let handle = try #require(FileHandle(forWritingAtPath: path + "-wal"))
    try handle.write(contentsOf: Data("LOG".utf8))
    try handle.close()
    let later = Date().addingTimeInterval(60)
    try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: path + "-wal")
    #expect(DatabaseStamp(path: path) != withLog)
    // A longer database file.
    let before = DatabaseStamp(path: path)
    try Data("database, longer".utf8).write(to: URL(fileURLWithPath: path))
    #expect(DatabaseStamp(path: path) != before)
  }

  @Test func aStampIsFreshJustAfterAWrite() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/library.db"
    try Data("database".utf8).write(to: URL(fileURLWithPath: path))
    let stamp = DatabaseStamp(path: path)
    #expect(stamp.isFresh())
    #expect(!stamp.isFresh(now: Date().timeIntervalSince1970 + 1))
    // No files at all: nothing was written, nothing is fresh.
    #expect(!DatabaseStamp(path: folder + "/none.db").isFresh())
    #expect(DatabaseStamp(path: folder + "/none.db") == DatabaseStamp(path: folder + "/other.db"))
  }
}
