// One read snapshot of the library's songs for modules that find them by path (the MPD server's
// folders and searches, playlists adding files and URIs): the SQL over the song table stays here, so
// callers above the library read songs through named functions and never see the database. Songs whose
// files are missing are not part of this view (Song.present): MPD clients neither list nor play them.
import Foundation
import GRDB

/// The song table as one read transaction sees it. Made only by `Library.readSongs`; valid inside its body.
public struct SongReader {
  let db: Database

  /// The smallest and largest indexed path, or nil while the library is empty.
  public func pathBounds() throws -> (smallest: String, largest: String)? {
    let bounds = try Row.fetchOne(db, sql: "SELECT min(path), max(path) FROM song WHERE \(Song.present)")
    guard let smallest: String = bounds?[0], let largest: String = bounds?[1] else { return nil }
    return (smallest, largest)
  }

  /// The song indexed at exactly `path`.
  public func song(atPath path: String) throws -> Song? {
    try Song.fetchOne(db, sql: "SELECT * FROM song WHERE path = ? AND \(Song.present)", arguments: [path])
  }

  /// Every song, in path order.
  public func songsInPathOrder() throws -> [Song] {
    try Song.fetchSelected(db, sql: Self.everySong, arguments: [])
  }

  /// The songs with `start <= path < end`, in path order (a range of the path index).
  public func songs(pathsFrom start: String, to end: String) throws -> [Song] {
    try Song.fetchSelected(db, sql: Self.songsInRange, arguments: [start, end])
  }

  /// Every song in path order whose row `keep` accepts, read in place; only those are decoded.
  public func forEachSong(keeping keep: (SongRowView) throws -> Bool, _ body: (Song) throws -> Void) throws {
    try Song.forEachSelected(db, sql: Self.everySong, arguments: [], keeping: keep, body)
  }

  /// The songs with `start <= path < end` in path order whose row `keep` accepts; only those are decoded.
  public func forEachSong(
    pathsFrom start: String, to end: String, keeping keep: (SongRowView) throws -> Bool, _ body: (Song) throws -> Void
  ) throws {
    try Song.forEachSelected(db, sql: Self.songsInRange, arguments: [start, end], keeping: keep, body)
  }

  /// The path bytes of the songs with `start <= path < end`, in path order, none decoded.
  public func forEachPath(
    from start: String, to end: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws {
    try Song.forEachPath(db, from: start, to: end, body)
  }

  /// The first path at or after `start` (strictly after with `after`) and before `end`: one seek.
  public func firstPath(from start: String, after: Bool = false, to end: String) throws -> String? {
    try Song.firstPath(db, from: start, after: after, to: end)
  }

  /// The song with this id.
  public func song(id: Int64) throws -> Song? {
    try Song.fetchOne(db, sql: "SELECT * FROM song WHERE id = ? AND \(Song.present)", arguments: [id])
  }

  /// Every song's id and path in id order, nothing else read.
  public func forEachIDAndPath(_ body: (_ id: Int64, _ path: String) throws -> Void) throws {
    let rows = try Row.fetchCursor(db, sql: "SELECT id, path FROM song WHERE \(Song.present) ORDER BY id")
    while let row = try rows.next() { try body(row["id"], row["path"]) }
  }

  /// The songs at exactly these paths, in path order; paths not indexed are left out.
  public func songs(atPaths paths: [String]) throws -> [Song] {
    let list = String(decoding: try JSONEncoder().encode(paths), as: UTF8.self)
    return try Song.fetchSelected(
      db,
      sql:
        "SELECT \(Song.selectedColumns) FROM song WHERE path IN (SELECT value FROM json_each(?)) AND \(Song.present) ORDER BY path",
      arguments: [list])
  }

  private static let everySong = "SELECT \(Song.selectedColumns) FROM song WHERE \(Song.present) ORDER BY path"
  private static let songsInRange =
    "SELECT \(Song.selectedColumns) FROM song WHERE path >= ? AND path < ? AND \(Song.present) ORDER BY path"
}

extension Library {
  /// Runs `body` on one read snapshot of the songs.
  public func readSongs<T>(_ body: (SongReader) throws -> T) throws -> T {
    try pool.read { db in try body(SongReader(db: db)) }
  }

  /// The songs with these ids (in no particular order); ids not indexed or missing are left out.
  public func songs(ids: [Int64]) async throws -> [Song] {
    try await pool.read { db in try Song.fetchSelected(db, ids: ids) }
  }
}
