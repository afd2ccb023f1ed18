// Song as a GRDB record, and the lookups every module needs (by id, by path), plus the one place that
// records a play (play count and last-played time).
import Foundation
import GRDB

extension Song: FetchableRecord, MutablePersistableRecord {
  public static let databaseTableName = "song"

  /// Decodes a `song` row column by column. The Codable default goes through a keyed decoder per row and
  /// a JSONDecoder for `artistMbids` even when it is the usual "[]", which dominated fetching a whole
  /// library (the queue of a bare `tunes play`).
  public init(row: Row) throws {
    self.init(
      id: row["id"], path: row["path"], title: row["title"], artist: row["artist"], album: row["album"],
      albumArtist: row["albumArtist"], trackNumber: row["trackNumber"], discNumber: row["discNumber"],
      year: row["year"], genre: row["genre"], durationMs: row["durationMs"], recordingMbid: row["recordingMbid"],
      releaseMbid: row["releaseMbid"], artistMbids: try Self.decodeMbids(row["artistMbids"]),
      playCount: row["playCount"], lastPlayedAt: DatabaseTimestamp.date(row["lastPlayedAt"] as DatabaseValue))
    trackTotal = row["trackTotal"]
    discTotal = row["discTotal"]
  }

  /// The JSON array of `artistMbids`; "[]" (most songs) without a JSON decoder.
  private static func decodeMbids(_ text: String) throws -> [String] {
    if text == "[]" { return [] }
    return try JSONDecoder().decode([String].self, from: Data(text.utf8))
  }

  public mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }
}

extension Library {
  public func song(id: Int64) throws -> Song? {
    try pool.read { db in try Song.fetchOne(db, key: id) }
  }

  public func song(path: String) throws -> Song? {
    try pool.read { db in try Song.filter(Column("path") == path).fetchOne(db) }
  }

  /// Counts one play of a song. Call it inside the transaction that also queues the listen, so the
  /// play count and the pending listen are written together or not at all.
  public static func recordPlay(_ db: Database, songID: Int64, at date: Date) throws {
    try db.execute(
      sql: "UPDATE song SET playCount = playCount + 1, lastPlayedAt = ? WHERE id = ?",
      arguments: [DatabaseTimestamp.text(date), songID])
  }

  public func recordPlay(songID: Int64, at date: Date) throws {
    try pool.write { db in try Library.recordPlay(db, songID: songID, at: date) }
  }
}
