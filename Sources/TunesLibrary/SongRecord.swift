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
      releaseMbid: row["releaseMbid"], artistMbids: try Song.decodeMbids(row["artistMbids"]),
      playCount: row["playCount"] ?? 0, lastPlayedAt: DatabaseTimestamp.date(row["lastPlayedAt"] as DatabaseValue))
    trackTotal = row["trackTotal"]
    discTotal = row["discTotal"]
  }

  /// The columns a Song is made of, in the order `init(selected:)` reads them: listings of thousands of
  /// songs select these and decode by position, where looking each column up by name was most of the cost.
  public static let selectedColumns = """
    song.id, song.path, song.title, song.artist, song.album, song.albumArtist, song.trackNumber, song.trackTotal, \
    song.discNumber, song.discTotal, song.year, song.genre, song.durationMs, song.recordingMbid, song.releaseMbid, \
    song.artistMbids, song.playCount, song.lastPlayedAt
    """

  /// Decodes a row of `selectedColumns`, by position.
  public init(selected row: Row) throws {
    self.init(
      id: row[0], path: row[1], title: row[2], artist: row[3], album: row[4], albumArtist: row[5],
      trackNumber: row[6], discNumber: row[8], year: row[10], genre: row[11], durationMs: row[12],
      recordingMbid: row[13], releaseMbid: row[14], artistMbids: try Song.decodeMbids(row[15]),
      playCount: row[16] ?? 0, lastPlayedAt: DatabaseTimestamp.date(row[17] as DatabaseValue))
    trackTotal = row[7]
    discTotal = row[9]
  }

  /// The songs of a query selecting `selectedColumns`.
  public static func fetchSelected(_ db: Database, sql: String, arguments: StatementArguments) throws -> [Song] {
    var songs: [Song] = []
    let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
    while let row = try rows.next() { songs.append(try Song(selected: row)) }
    return songs
  }

  /// The JSON array of `artistMbids`; malformed JSON is an error, as a damaged row should be.
  static func decodeMbids(_ json: String?) throws -> [String] {
    guard let json, json != "[]" else { return [] }
    if let ids = plainStringArray(json) { return ids }
    return try JSONDecoder().decode([String].self, from: Data(json.utf8))
  }

  /// `["a","b"]` as the indexer writes it (no spaces, no escapes), read without a JSONDecoder: making one
  /// per row was most of the cost of decoding a song. nil for anything else, left to JSONDecoder.
  static func plainStringArray(_ json: String) -> [String]? {
    let bytes = Array(json.utf8)
    let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), close = UInt8(ascii: "]")
    guard bytes.count >= 4, bytes[0] == UInt8(ascii: "["), bytes[bytes.count - 1] == close else { return nil }
    var ids: [String] = []
    var index = 1
    while true {
      guard bytes[index] == quote else { return nil }
      var end = index + 1
      while end < bytes.count && bytes[end] != quote {
        // Escapes and raw control characters: JSONDecoder decides.
        if bytes[end] == UInt8(ascii: "\\") || bytes[end] < 0x20 { return nil }
        end += 1
      }
      guard end + 1 < bytes.count else { return nil }
      ids.append(String(decoding: bytes[(index + 1)..<end], as: UTF8.self))
      index = end + 1
      if bytes[index] == close { return index == bytes.count - 1 ? ids : nil }
      guard bytes[index] == comma, index + 1 < bytes.count else { return nil }
      index += 1
    }
  }

  public mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }

  /// Writes the song's full-text row with the song (the schema has no insert trigger; see LibrarySchema).
  public func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws {
    let inserted = try insert()
    try Song.insertFullText(db, id: inserted.rowID, title: title, artist: artist, album: album, albumArtist: albumArtist, genre: genre)
  }

  /// Adds one song's row to the full-text index; whoever inserts into `song` with SQL must call it.
  public static func insertFullText(
    _ db: Database, id: Int64, title: String, artist: String, album: String, albumArtist: String, genre: String?
  ) throws {
    let statement = try db.cachedStatement(
      sql: "INSERT INTO song_ft(rowid, title, artist, album, albumArtist, genre) VALUES (?, ?, ?, ?, ?, ?)")
    try statement.execute(arguments: [id, title, artist, album, albumArtist, genre])
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
