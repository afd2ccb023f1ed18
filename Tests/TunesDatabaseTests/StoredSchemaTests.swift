// A library made where there was none is made from the stored final schema (StoredSchema) in one step,
// not by replaying every migration: these build a database both ways and compare every schema entry,
// every row and the persistent pragmas, so the stored SQL and the migrations can never drift apart.
// With TUNES_STORE_SCHEMA=1 the first test writes the stored SQL anew from the replayed database. They sit
// here, not in TunesLibraryTests, because a library of every area is what a new library is made as.
import Foundation
import GRDB
import Testing

@testable import TunesLibrary

@Suite struct StoredSchemaTests {
  /// A database at `path` built by replaying every migration of Schema.order.
  static func replayed(at path: String) throws -> DatabaseQueue {
    let queue = try DatabaseQueue(path: path)
    try Schema.migrator(areas: everyDatabaseArea).migrate(queue)
    return queue
  }

  /// What a library depends on in a database: each schema entry (its SQL with runs of white space made
  /// one space), each row of each table, and the pragmas a database file keeps.
  static func contents(_ queue: DatabaseQueue) throws -> [String] {
    try queue.read { db in
      var lines: [String] = []
      for row in try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name") {
        let sql = (row["sql"] as String?).map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") } ?? "-"
        lines.append("\(row["type"] as String) \(row["name"] as String) on \(row["tbl_name"] as String): \(sql)")
      }
      let tables = try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name")
      for table in tables {
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)")
        lines += rows.map { "\(table): \($0)" }.sorted()
      }
      for pragma in ["user_version", "application_id", "auto_vacuum", "page_size", "encoding"] {
        lines.append("PRAGMA \(pragma) = \(try String.fetchOne(db, sql: "PRAGMA \(pragma)") ?? "-")")
      }
      return lines
    }
  }

  @Test func theStoredSchemaIsWhatReplayingEveryMigrationBuilds() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let replayed = try Self.replayed(at: folder + "/replayed.db")
    if ProcessInfo.processInfo.environment["TUNES_STORE_SCHEMA"] == "1" {
      try StoredSchemaSource.write(from: replayed, to: StoredSchemaSource.path)
    }
    #expect(StoredSchema.isCurrent, "the stored schema does not end Schema.order's migrations: make it again")
    let stored = try DatabaseQueue(path: folder + "/stored.db")
    try stored.write(StoredSchema.create)
    let expected = try Self.contents(replayed)
    let found = try Self.contents(stored)
    #expect(found == expected, "differs: \(Set(found).symmetricDifference(expected).sorted())")
    #expect(expected.contains { $0.hasPrefix("table song on song: CREATE TABLE") })
    // Nothing is left for the migrator to run.
    #expect(try stored.read(Schema.migrator(areas: everyDatabaseArea).hasCompletedMigrations))
  }

  /// Replaying leaves gaps in the schema table's row numbers where migrations dropped and rebuilt
  /// tables and indexes; one step leaves none: that tells how a library was made.
  @Test func aLibraryOpenedWhereNoneWasIsMadeInOneStep() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let gaps = "SELECT max(rowid) - count(*) FROM sqlite_master"
    #expect(try Self.replayed(at: folder + "/replayed.db").read { try Int.fetchOne($0, sql: gaps) } ?? 0 > 0)
    let library = try Library(path: folder + "/new.db", areas: everyDatabaseArea)
    #expect(try library.pool.read { try Int.fetchOne($0, sql: gaps) } == 0)
    let applied = try library.pool.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") }
    #expect(applied == Schema.order.map(\.identifier))
  }

  /// An empty database file someone made (not a missing one) is still migrated step by step.
  @Test func anEmptyDatabaseFileIsMigratedAsBefore() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/empty.db"
    try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE t (x); DROP TABLE t") }
    let library = try Library(path: path, areas: everyDatabaseArea)
    #expect(try library.pool.read(Schema.migrator(areas: everyDatabaseArea).hasCompletedMigrations))
  }

  func makeFolder() throws -> String {
    let folder = NSTemporaryDirectory() + "tunes-stored-schema-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }
}

/// Writes StoredSchemaSQL.swift from a replayed database: the schema entries in the order they were made
/// (tables before what refers to them), without SQLite's own entries and the full-text index's shadow
/// tables (its CREATE VIRTUAL TABLE makes them, and a rebuild its structure record), then the rows the
/// migrations inserted.
enum StoredSchemaSource {
  static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/TunesLibrary/Schema/StoredSchemaSQL.swift").path

  static func write(from queue: DatabaseQueue, to path: String) throws {
    let (migrations, statements) = try queue.read { db -> ([String], [String]) in
      let entries = try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid")
      let virtual = entries.filter { ($0["sql"] as String).hasPrefix("CREATE VIRTUAL TABLE") }.map { $0["name"] as String }
      let shadow = { (entry: Row) in
        entry["type"] as String == "table" && virtual.contains { (entry["name"] as String).hasPrefix($0 + "_") }
      }
      var statements: [String] = []
      var tables: [String] = []
      for entry in entries {
        let name: String = entry["name"]
        if name.hasPrefix("sqlite_") || shadow(entry) { continue }
        statements.append(entry["sql"])
        // A full-text index's structure record, as the migration that made it left it (its 'rebuild').
        if virtual.contains(name) && (entry["sql"] as String).contains("fts5") {
          statements.append("INSERT INTO \(name)(\(name)) VALUES ('rebuild')")
        }
        if entry["type"] as String == "table" && !virtual.contains(name) && name != "grdb_migrations" { tables.append(name) }
      }
      for table in tables + ["sqlite_sequence"] where try db.tableExists(table) {
        let columns = try db.columns(in: table).map { "quote(\($0.name.quotedDatabaseIdentifier))" }
        let values = try String.fetchAll(
          db, sql: "SELECT " + columns.joined(separator: " || ', ' || ") + " FROM \(table.quotedDatabaseIdentifier)")
        statements += values.map { "INSERT INTO \(table.quotedDatabaseIdentifier) VALUES (\($0))" }
      }
      return (try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid"), statements)
    }
    var text = """
      // The final schema of a new library, made by StoredSchemaTests from a database built by replaying every
      // migration of Schema.order: never edited by hand (StoredSchema.swift says how it is made again).

      extension StoredSchema {
        /// The migrations whose end this is, in Schema.order's order.
        static let migrations = [

      """
    text += migrations.map { "    \(literal($0)),\n" }.joined()
    text += "  ]\n\n  /// The schema's statements in the order they run, each in pieces that fit a line.\n"
    text += "  static let statements: [String] = [\n"
    for statement in statements {
      text += "    [\n" + pieces(statement).map { "      \(literal($0)),\n" }.joined() + "    ].joined(),\n"
    }
    text += "  ]\n}\n"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  /// The statement cut into pieces of at most 90 characters.
  static func pieces(_ text: String) -> [String] {
    var pieces: [String] = []
    var rest = Substring(text)
    while !rest.isEmpty {
      pieces.append(String(rest.prefix(90)))
      rest = rest.dropFirst(90)
    }
    return pieces
  }

  /// A Swift string literal of `text`: raw, with its line breaks and tabs escaped.
  static func literal(_ text: String) -> String {
    precondition(!text.contains("\"#") && !text.contains("\\#"), "a piece needs a longer raw delimiter")
    return "#\"" + text.replacingOccurrences(of: "\n", with: "\\#n").replacingOccurrences(of: "\t", with: "\\#t") + "\"#"
  }
}
