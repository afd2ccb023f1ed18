// How the library database is opened for what a command needs: for writing under the open lock (created
// when missing, switched to WAL, migrated), or read-only without writing anything (a library the user
// cannot write, or a command that only reads). Both first check that the file is a tunes library at all.
import Foundation
import GRDB

/// What a command needs of the library.
public enum LibraryAccess: Sendable {
  /// Reads and writes: a missing database is created, an older one upgraded; one this user cannot write
  /// (the file or its folder) is refused.
  case readWrite
  /// Reads, and writes when this user may: a library that cannot be written is opened read-only, and a
  /// write to it fails then.
  case readWriteIfAllowed
  /// Reads only: opened read-only, nothing written (an older library is upgraded first when it can be).
  case readOnly
}

struct LibraryOpener {
  let path: String
  let cacheKiB: Int?
  let migrator: DatabaseMigrator
  /// Whether a new library may be made from the stored final schema: the migrator has every area's own
  /// migrations (Schema.isWhole).
  let storedSchema: Bool
  let lockTimeout: Duration

  /// The database and whether it was opened read-only.
  func open(_ access: LibraryAccess) throws -> (pool: DatabasePool, readOnly: Bool) {
    let writable = Self.canWrite(path)
    switch access {
    case .readWrite:
      guard writable else { throw LibraryOpenError.readOnly(path: path) }
      return (try openForWriting(), false)
    case .readWriteIfAllowed:
      return writable ? (try openForWriting(), false) : (try openForReading(canUpgrade: false), true)
    case .readOnly:
      return (try openForReading(canUpgrade: writable), true)
    }
  }

  /// Under the open lock, so that two processes never migrate at once and none reads a half-made schema.
  private func openForWriting() throws -> DatabasePool {
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    let lock = try LibraryOpenLock(database: path, timeout: lockTimeout)
    defer { lock.release() }
    let kind = try LibraryFileProbe.kind(of: path)
    let pool = try DatabasePool(path: path, configuration: configuration(readOnly: false))
    // A library made now is made as replaying the migrations would leave it, in one step (StoredSchema),
    // when it is made with every area's tables.
    if kind == .missing && storedSchema && StoredSchema.isCurrent { try pool.write(StoredSchema.create) }
    try migrator.migrate(pool)
    return pool
  }

  /// Without the lock: a schema is migrated in transactions, so a reader sees every migration of one or
  /// none of it, and one that finds a migration missing upgrades the library under the lock first.
  private func openForReading(canUpgrade: Bool) throws -> DatabasePool {
    switch try LibraryFileProbe.kind(of: path) {
    case .missing: throw LibraryOpenError.other(path: path, reason: "it does not exist")
    case .newDatabase:
      guard canUpgrade else { throw LibraryOpenError.needsUpgrade(path: path) }
      _ = try openForWriting()
    case .library: break
    }
    let pool = try readOnlyPool()
    if try pool.read(migrator.hasCompletedMigrations) { return pool }
    guard canUpgrade else { throw LibraryOpenError.needsUpgrade(path: path) }
    _ = try openForWriting()
    return try readOnlyPool()
  }

  /// A WAL database is read through its -shm file, which SQLite makes beside it when missing; in a folder
  /// that cannot be written it cannot, and the file is read as it is on disk (immutable), which is all of
  /// it when no -wal was left (every tunes process that closes the library last folds the -wal in).
  private func readOnlyPool() throws -> DatabasePool {
    do {
      return try DatabasePool(path: path, configuration: configuration(readOnly: true))
    } catch let error as DatabaseError
      where [.SQLITE_CANTOPEN, .SQLITE_READONLY].contains(error.resultCode.primaryResultCode)
      && !Self.canWrite(folder: (path as NSString).deletingLastPathComponent)
    {
      let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
      if wal > 0 { throw LibraryOpenError.unreadableWAL(path: path) }
      return try DatabasePool(path: LibraryFileProbe.immutableURI(path), configuration: configuration(readOnly: true))
    }
  }

  private func configuration(readOnly: Bool) -> Configuration {
    var configuration = Configuration()
    configuration.readonly = readOnly
    configuration.busyMode = .timeout(10)
    configuration.prepareDatabase { [cacheKiB] db in
      // In WAL mode NORMAL never corrupts the database and a killed process loses nothing committed;
      // it only skips an fsync per commit.
      try db.execute(sql: "PRAGMA synchronous = NORMAL")
      // Every song insert fires the FTS5 trigger, which makes SQLite keep a statement journal: on disk
      // (the default) that was ~28 page writes per song (285k pwrite calls for 10k songs), in memory none.
      try db.execute(sql: "PRAGMA temp_store = MEMORY")
      if let cacheKiB { try db.execute(sql: "PRAGMA cache_size = -\(max(cacheKiB, 64))") }
      db.add(function: RegexFunction.function)
    }
    return configuration
  }

  /// Whether this user can write the database and its folder (where SQLite keeps the -wal and -shm files
  /// and tunes its lock files). A missing database counts as writable: making it says what stops it.
  static func canWrite(_ path: String) -> Bool {
    guard FileManager.default.fileExists(atPath: path) else { return true }
    return access(path, W_OK) == 0 && canWrite(folder: (path as NSString).deletingLastPathComponent)
  }

  static func canWrite(folder: String) -> Bool { access(folder.isEmpty ? "." : folder, W_OK | X_OK) == 0 }
}
