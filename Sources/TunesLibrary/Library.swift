// The handle on one library database: opens it (WAL, migrations), and is what every other module
// reads songs from, records plays into, and gets its own area's tables from (AreaDatabase).
import CSQLiteSettings
import Foundation
import GRDB
import TunesCore

public final class Library: Sendable {
  /// The database. Other areas reach their own tables through `database(for:)`, the songs through
  /// the library's functions.
  let pool: DatabasePool
  public let path: String
  /// What the areas sharing the database do when the indexer writes songs (playlists relink entries).
  let songsIndexedHooks: [DatabaseArea.SongsIndexed]
  /// The areas given to `init`: those `database(for:)` grants.
  let openedAreas: Set<SchemaArea>

  /// Opens (creating folders and file as needed) and migrates the database at `path`. `areas` are the
  /// other areas sharing the database (every one of `SchemaArea` but the library: a missing one stops
  /// the process, see Schema.swift). `cacheKiB` bounds SQLite's page cache of each connection (SQLite's
  /// default is 2 000 KiB).
  public init(path: String, cacheKiB: Int? = nil, areas: [DatabaseArea]) throws {
    self.path = path
    let migrator = Schema.migrator(areas: areas)
    songsIndexedHooks = areas.compactMap(\.songsIndexed)
    openedAreas = Set(areas.map(\.area))
    do {
      pool = try Self.open(path: path, cacheKiB: cacheKiB, migrator: migrator)
    } catch {
      throw LibraryOpenError.explaining(error, path: path)
    }
  }

  private static func open(path: String, cacheKiB: Int?, migrator: DatabaseMigrator) throws -> DatabasePool {
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    SQLiteProcessSettings.apply
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    configuration.prepareDatabase { db in
      // In WAL mode NORMAL never corrupts the database and a killed process loses nothing committed;
      // it only skips an fsync per commit.
      try db.execute(sql: "PRAGMA synchronous = NORMAL")
      // Every song insert fires the FTS5 trigger, which makes SQLite keep a statement journal: on disk
      // (the default) that was ~28 page writes per song (285k pwrite calls for 10k songs), in memory none.
      try db.execute(sql: "PRAGMA temp_store = MEMORY")
      if let cacheKiB { try db.execute(sql: "PRAGMA cache_size = -\(max(cacheKiB, 64))") }
      db.add(function: RegexFunction.function)
    }
    let pool = try DatabasePool(path: path, configuration: configuration)
    try migrator.migrate(pool)
    return pool
  }
}

/// SQLite's settings for the whole process, made once before its first connection.
private enum SQLiteProcessSettings {
  /// No memory statistics: nothing in tunes reads them, and keeping them took a process-wide mutex on each
  /// of SQLite's allocations (13% of the CPU of writing a first index's rows). Too late (another
  /// connection already open) changes nothing and is not an error.
  static let apply: Void = { _ = tunes_sqlite3_config_memstatus(0) }()
}
