// What a reference to a song keeps of it so that it outlives the song (a playlist entry: path, names,
// duration, MBID), and the lookups that find the song such a reference means. They run inside the
// referring area's transaction and read only these columns, not whole Songs (a playlist import matches
// thousands of entries).
import GRDB

public struct SongReference: Sendable, Hashable {
  public var id: Int64
  public var path: String
  public var title: String
  public var artist: String
  /// Nil when the song has no album.
  public var album: String?
  public var durationMs: Int?
  public var recordingMbid: String?

  init(row: Row) {
    id = row["id"]
    path = row["path"]
    title = row["title"]
    artist = row["artist"]
    album = row["album"]
    durationMs = row["durationMs"]
    recordingMbid = row["recordingMbid"]
  }
}

extension Song {
  private static let referenceColumns = "id, path, title, artist, NULLIF(album, '') AS album, durationMs, recordingMbid"

  private static func reference(_ db: Database, where condition: String, _ arguments: StatementArguments) throws
    -> SongReference?
  {
    let statement = try db.cachedStatement(sql: "SELECT \(referenceColumns) FROM song WHERE " + condition)
    return try Row.fetchOne(statement, arguments: arguments).map(SongReference.init(row:))
  }

  /// The song indexed at `path`.
  public static func reference(_ db: Database, path: String) throws -> SongReference? {
    try reference(db, where: "path = ?", [path])
  }

  /// The song with this id.
  public static func reference(_ db: Database, id: Int64) throws -> SongReference? {
    try reference(db, where: "id = ?", [id])
  }

  /// The first song (lowest id) with this recording MBID. MBIDs are lowercase UUIDs; both spellings go
  /// through the recordingMbid index.
  public static func reference(_ db: Database, recordingMbid mbid: String) throws -> SongReference? {
    try reference(db, where: "recordingMbid IN (?, ?) ORDER BY id LIMIT 1", [mbid.lowercased(), mbid])
  }

  /// Every song's id, artist and title, in id order: for matching by names folded in Swift.
  public static func forEachName(_ db: Database, _ body: (_ id: Int64, _ artist: String, _ title: String) throws -> Void)
    throws
  {
    let rows = try Row.fetchCursor(db, sql: "SELECT id, artist, title FROM song ORDER BY id")
    while let row = try rows.next() { try body(row["id"], row["artist"], row["title"]) }
  }
}
