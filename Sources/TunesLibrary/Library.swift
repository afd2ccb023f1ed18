// The handle on one library database: opens it (Open/: WAL, migrations, read-only), and is what every other module
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

  /// Opened read-only (`LibraryAccess`): every write fails.
  public let isReadOnly: Bool

  /// How long opening waits for another process creating or upgrading the library (`LibraryOpenLock`).
  static let openLockTimeout: Duration = .seconds(30)

  /// Opens the database at `path` for `access` (see LibraryAccess: for writing it is created with its
  /// folders as needed and migrated). `areas` are the other areas sharing the database (every one of
  /// `SchemaArea` but the library: a missing one stops the process, see Schema.swift). `cacheKiB` bounds
  /// SQLite's page cache of each connection (SQLite's default is 2 000 KiB). A file that is not a tunes
  /// library is refused, untouched.
  public convenience init(
    path: String, cacheKiB: Int? = nil, access: LibraryAccess = .readWrite, areas: [DatabaseArea]
  ) throws {
    try self.init(path: path, cacheKiB: cacheKiB, access: access, areas: areas, lockTimeout: Self.openLockTimeout)
  }

  init(path: String, cacheKiB: Int?, access: LibraryAccess, areas: [DatabaseArea], lockTimeout: Duration) throws {
    self.path = path
    let migrator = Schema.migrator(areas: areas)
    songsIndexedHooks = areas.compactMap(\.songsIndexed)
    openedAreas = Set(areas.map(\.area))
    SQLiteProcessSettings.apply
    let opener = LibraryOpener(
      path: path, cacheKiB: cacheKiB, migrator: migrator, storedSchema: Schema.isWhole(areas), lockTimeout: lockTimeout)
    do {
      (pool, isReadOnly) = try opener.open(access)
    } catch let error as LibraryOpenError {
      throw error
    } catch {
      throw LibraryOpenError.explaining(error, path: path)
    }
  }
}

/// SQLite's settings for the whole process, made once before its first connection.
private enum SQLiteProcessSettings {
  /// No memory statistics: nothing in tunes reads them, and keeping them took a process-wide mutex on each
  /// of SQLite's allocations (13% of the CPU of writing a first index's rows). Too late (another
  /// connection already open) changes nothing and is not an error.
  static let apply: Void = { _ = tunes_sqlite3_config_memstatus(0) }()
}
