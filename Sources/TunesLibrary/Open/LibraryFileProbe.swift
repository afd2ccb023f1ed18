// What the file named as the library holds, found out without writing a byte: opening a library for
// writing switches it to WAL and adds tunes' tables, so `--db` naming a text file, or another program's
// SQLite database, must be refused before that. SQLite is asked read-only, in a way that makes no -wal or
// -shm file beside another program's database (see readingQuery).
import Foundation
import GRDB

enum LibraryFileProbe {
  enum Kind: Equatable {
    /// No file, or zero bytes (what SQLite itself makes a new database from).
    case missing
    /// An SQLite database without tables, or with only the migration table and no migration in it: a
    /// library whose first start did not get past its first migration.
    case newDatabase
    /// A database tunes' first migration ran on.
    case library
  }

  /// The first 16 bytes of every SQLite 3 database file.
  static let header = Array("SQLite format 3\0".utf8)

  /// What `path` holds; a folder, a file that is not SQLite and another program's database are errors.
  static func kind(of path: String) throws -> Kind {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .missing }
    if isFolder.boolValue { throw LibraryOpenError.notALibrary(path: path, what: .folder) }
    // Unreadable: SQLite says why when it opens it.
    guard let handle = FileHandle(forReadingAtPath: path) else { return .library }
    let start = (try? handle.read(upToCount: 20)).map { [UInt8]($0) } ?? []
    try? handle.close()
    if start.isEmpty { return .missing }
    guard start.starts(with: header) else { throw LibraryOpenError.notALibrary(path: path, what: .notSQLite) }
    return try tables(of: path, uri: uri(path, query: readingQuery(path, header: start)))
  }

  /// How the database is read: with SQLite's locks (`mode=ro`) whenever another connection may be writing
  /// it, else as it is on disk (`immutable=1`). A database in rollback-journal mode is read so with no file
  /// made; one in WAL mode (byte 18 of the header is 2) would get a -wal and a -shm file, left there by a
  /// read-only connection. While a connection has it open its -wal exists, and the -wal and -shm files are
  /// read as they are; without one nobody has it open and the main file is the whole database (the last
  /// connection to close folds the -wal in before it removes it), which nobody writes as it is read.
  private static func readingQuery(_ path: String, header: [UInt8]) -> String {
    let wal = header.count > 18 && header[18] == 2
    return wal && !FileManager.default.fileExists(atPath: path + "-wal") ? "immutable=1" : "mode=ro"
  }

  private static func tables(of path: String, uri: String) throws -> Kind {
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(10)
    let queue = try DatabaseQueue(path: uri, configuration: configuration)
    defer { try? queue.close() }
    return try queue.read { db in
      let tables = try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
      )
      guard tables.contains("grdb_migrations") else {
        if tables.isEmpty { return .newDatabase }
        throw LibraryOpenError.notALibrary(path: path, what: .otherDatabase(tables: tables))
      }
      let applied = try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations")
      if applied.contains(Schema.order[0].identifier) { return .library }
      if applied.isEmpty && tables == ["grdb_migrations"] { return .newDatabase }
      throw LibraryOpenError.notALibrary(path: path, what: .otherDatabase(tables: tables))
    }
  }

  /// `path` as an SQLite URI that reads the file as it is on disk, ignoring any -wal, without locking it.
  static func immutableURI(_ path: String) -> String { uri(path, query: "immutable=1") }

  /// `path` as an SQLite URI (`file:` with `%`, `?` and `#` escaped) with `query`.
  static func uri(_ path: String, query: String) -> String {
    var escaped = ""
    for character in path {
      switch character {
      case "%": escaped += "%25"
      case "?": escaped += "%3F"
      case "#": escaped += "%23"
      default: escaped.append(character)
      }
    }
    // An absolute path gets an empty authority (`file:///x`), so one starting with `//` is no host name.
    return (path.hasPrefix("/") ? "file://" : "file:") + escaped + "?" + query
  }
}
