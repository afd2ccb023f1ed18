// The database as the library grants it to one area above it: transactions in which the area reads and
// writes its own tables (declared beside its records, see DatabaseArea) and reaches the library's songs
// only through their record methods. The library's connection pool itself stays inside TunesLibrary.
import GRDB

public struct AreaDatabase: Sendable {
  public let area: SchemaArea
  let pool: DatabasePool
  /// The library's path, and whether it was opened read-only (a library this user cannot write, opened
  /// by a command that may write): its writes are refused in words rather than in SQLite's.
  let path: String
  let readOnly: Bool

  /// A read transaction: one snapshot of the database.
  public func read<T>(_ body: (Database) throws -> T) throws -> T {
    try pool.read(body)
  }

  /// A write transaction: all of `body`'s changes, or none when it throws. Throws
  /// `LibraryOpenError.readOnly` on a library opened read-only.
  public func write<T>(_ body: (Database) throws -> T) throws -> T {
    if readOnly { throw LibraryOpenError.readOnly(path: path) }
    return try pool.write(body)
  }
}

extension Library {
  /// The database for `area`'s tables; the area must have been given to `init` (the library's own
  /// tables are reached through the library's functions).
  public func database(for area: SchemaArea) -> AreaDatabase {
    precondition(
      openedAreas.contains(area), "the \(area.rawValue) database area was not given when the library was opened")
    return AreaDatabase(area: area, pool: pool, path: path, readOnly: isReadOnly)
  }
}
