// Opening the library: a file that is not a tunes library is refused and left byte for byte as it was
// (opening one for writing once added tunes' tables to any SQLite file and switched it to WAL), a
// read-only open writes nothing, and processes opening a library at once take turns instead of
// migrating it twice.
import Foundation
import GRDB
import Testing

@testable import TunesLibrary

@Suite struct LibraryOpeningTests {
  final class Folder {
    let path = NSTemporaryDirectory() + "tunes-opening-" + UUID().uuidString
    init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + name) }
  }

  static let accesses: [LibraryAccess] = [.readWrite, .readWriteIfAllowed, .readOnly]

  /// Another program's database, in its journal mode (`delete` or `wal`), closed as that program leaves it.
  func otherProgramsDatabase(at path: String, journalMode: String) throws {
    let queue = try DatabaseQueue(path: path)
    try queue.writeWithoutTransaction { db in
      _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = \(journalMode)")
      try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('x')")
      try db.execute(sql: "CREATE TABLE addresses (name TEXT)")
    }
    try queue.close()
  }

  @Test(arguments: ["delete", "wal"])
  func anotherProgramsDatabaseIsRefusedUntouched(journalMode: String) throws {
    let folder = try Folder()
    let path = folder.path + "/other.db"
    try otherProgramsDatabase(at: path, journalMode: journalMode)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    for access in Self.accesses {
      #expect(throws: LibraryOpenError.notALibrary(path: path, what: .otherDatabase(tables: ["addresses", "notes"]))) {
        try Library(path: path, access: access, areas: everyDatabaseArea)
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(access) changed the file")
      #expect(!folder.exists("other.db-wal") && !folder.exists("other.db-shm"), "\(access) left WAL files")
    }
    let error = LibraryOpenError.notALibrary(path: path, what: .otherDatabase(tables: ["addresses", "notes"]))
    #expect(
      error.description == "\(path) is an SQLite database of another program (tables: addresses, notes), not a tunes "
        + "library; it was left as it is: name another with --db")
    #expect(error.exitStatus == .dataError)
  }

  /// Another GRDB program keeps a migration table too: only tunes' own first migration makes a library.
  @Test func anotherGRDBProgramsDatabaseIsRefused() throws {
    let folder = try Folder()
    let path = folder.path + "/grdb.db"
    let queue = try DatabaseQueue(path: path)
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY)") }
    try migrator.migrate(queue)
    try queue.close()
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(throws: LibraryOpenError.notALibrary(path: path, what: .otherDatabase(tables: ["grdb_migrations", "player"]))) {
      try Library(path: path, areas: everyDatabaseArea)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test func aFileThatIsNotSQLiteIsRefusedUntouched() throws {
    let folder = try Folder()
    let path = folder.path + "/notes.txt"
    let text = Data("some notes\nworth keeping\n".utf8)
    try text.write(to: URL(fileURLWithPath: path))
    for access in Self.accesses {
      #expect(throws: LibraryOpenError.notALibrary(path: path, what: .notSQLite)) {
        try Library(path: path, access: access, areas: everyDatabaseArea)
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
      #expect(!folder.exists("notes.txt-wal"))
    }
    #expect(
      LibraryOpenError.notALibrary(path: path, what: .notSQLite).description
        == "\(path) is not a tunes library (not an SQLite database); move it away, or name another with --db")
  }

  @Test func aMissingOrEmptyFileBecomesALibrary() throws {
    let folder = try Folder()
    let missing = try Library(path: folder.path + "/sub/new.db", areas: everyDatabaseArea)
    #expect(!missing.isReadOnly)
    #expect(try missing.generation() == 0)
    #expect(FileManager.default.createFile(atPath: folder.path + "/empty.db", contents: Data()))
    let empty = try Library(path: folder.path + "/empty.db", areas: everyDatabaseArea)
    #expect(try empty.generation() == 0)
  }

  /// A read-only open reads the library as it is and writes none of it, not even GRDB's WAL set-up.
  @Test func aReadOnlyOpenWritesNothing() throws {
    let folder = try Folder()
    let path = folder.path + "/library.db"
    do {
      let library = try Library(path: path, areas: everyDatabaseArea)
      try library.database(for: .playlists).write { db in
        // The tests' stand-in of the playlists area creates no table: this one is made for the test.
        try db.execute(sql: "CREATE TABLE playlist (name TEXT, createdAt, modifiedAt)")
        try db.execute(sql: "INSERT INTO playlist (name, createdAt, modifiedAt) VALUES ('P', 0, 0)")
      }
    }
    // The last connection closed folds the -wal into the database and removes it.
    #expect(!folder.exists("library.db-wal"))
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let library = try Library(path: path, access: .readOnly, areas: everyDatabaseArea)
    #expect(library.isReadOnly)
    let count = try library.database(for: .playlists).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM playlist") }
    #expect(count == 1)
    #expect(throws: LibraryOpenError.readOnly(path: path)) {
      try library.database(for: .playlists).write { db in try db.execute(sql: "DELETE FROM playlist") }
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  /// An older library opened by a command that only reads is upgraded first (under the lock), then read.
  @Test func aReadOnlyOpenOfAnOlderLibraryUpgradesItFirst() throws {
    let folder = try Folder()
    let path = folder.path + "/library.db"
    let queue = try DatabaseQueue(path: path)
    try Schema.migrator(areas: everyDatabaseArea).migrate(queue, upTo: "library-v1")
    try queue.close()
    let library = try Library(path: path, access: .readOnly, areas: everyDatabaseArea)
    #expect(library.isReadOnly)
    #expect(try library.generation() == 0)
  }

  /// Opening waits for the holder of the open lock, then gives up naming it.
  @Test func aHeldOpenLockTimesOutNamingItsHolder() throws {
    let folder = try Folder()
    let path = folder.path + "/library.db"
    let holder = try LibraryOpenLock(database: path, timeout: .seconds(1))
    #expect {
      try Library(path: path, cacheKiB: nil, access: .readWrite, areas: everyDatabaseArea, lockTimeout: .milliseconds(200))
    } throws: { error in
      guard case LibraryOpenError.lockTimedOut(path, let named?, 0) = error else { return false }
      return named.hasPrefix("pid \(getpid()) (")
    }
    #expect(!folder.exists("library.db"), "opened while the lock was held")
    holder.release()
    #expect(throws: Never.self) { try Library(path: path, areas: everyDatabaseArea) }
  }

  /// Several first starts at once, each with its own connections (as processes have): every one opens
  /// the library; before the open lock, most rounds stopped one on `table "artist" already exists`.
  @Test func firstStartsAtOnceAllSucceed() throws {
    for round in 0..<8 {
      let folder = try Folder()
      let path = folder.path + "/library.db"
      let failures = Failures()
      DispatchQueue.concurrentPerform(iterations: 6) { index in
        do {
          let access: LibraryAccess = index == 5 ? .readWriteIfAllowed : .readWrite
          _ = try Library(path: path, access: access, areas: everyDatabaseArea)
        } catch {
          failures.add("round \(round), opener \(index): \(error)")
        }
      }
      #expect(failures.all.isEmpty, "\(failures.all)")
    }
  }

  final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ failure: String) { lock.withLock { list.append(failure) } }
    var all: [String] { lock.withLock { list } }
  }
}
