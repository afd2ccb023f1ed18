// A row of `Song.selectedColumns` read in place, before it is decoded: what a scan over every song
// looks at to decide which songs to decode; and the paths alone, from the path index.
import GRDB
import GRDBSQLite

public struct SongRowView {
  /// The text columns a scan can read, by their position in `Song.selectedColumns`.
  public enum TextColumn: Int32 {
    case path = 1, title, artist, album, albumArtist
    case genre = 11
  }

  /// The number columns a scan can read, by their position in `Song.selectedColumns`.
  public enum NumberColumn: Int32 {
    case trackNumber = 6, discNumber = 8, year = 10, durationMs = 12
  }

  let columns: SelectedColumns

  /// The column's UTF-8 bytes, valid until the scan moves on; nil for NULL.
  public func bytes(_ column: TextColumn) -> UnsafeBufferPointer<UInt8>? { columns.bytes(column.rawValue) }

  public func number(_ column: NumberColumn) -> Int? { columns.int(column.rawValue) }

  /// The file's modification time when indexed, in seconds since 1970 (`fileMtime`); nil when unknown.
  public var fileModified: Double? { columns.double(18) }

  /// The display names the indexer made up (`derivedFields`): a title from the file name is no title tag.
  public var derivedNames: DerivedNames { DerivedNames(rawValue: columns.int(19) ?? 0) }
}

extension Song {
  /// The paths from `start` (included) to `end` (excluded) in byte order, each as its bytes in place
  /// (valid for the call): a walk of the path index alone, reading no song row (MPD's `listall`).
  public static func forEachPath(
    _ db: Database, from start: String, to end: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws {
    let statement = try db.cachedStatement(sql: "SELECT path FROM song WHERE path >= ? AND path < ? AND \(present) ORDER BY path")
    try statement.setArguments([start, end])
    let columns = SelectedColumns(statement: statement.sqliteStatement)
    defer { sqlite3_reset(statement.sqliteStatement) }
    try forEachRow(of: statement, db) { if let path = columns.bytes(0) { try body(path) } }
  }

  /// The first path of the range [`start`, `end`), or the first after `start` when `after`: one seek in
  /// the path index, to skip over whole folders.
  public static func firstPath(_ db: Database, from start: String, after: Bool = false, to end: String) throws -> String? {
    let sql = "SELECT path FROM song WHERE path \(after ? ">" : ">=") ? AND path < ? AND \(present) ORDER BY path LIMIT 1"
    return try String.fetchOne(db.cachedStatement(sql: sql), arguments: [start, end])
  }
}
