// Song as a GRDB record, and the lookups every module needs (by id, by path), plus the one place that
// records a play (play count and last-played time).
import Foundation
import GRDB
import GRDBSQLite

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
    fileModifiedAt = (row["fileMtime"] as Double?).map { Date(timeIntervalSince1970: $0) }
    derivedNames = DerivedNames(rawValue: row["derivedFields"] ?? 0)
  }

  /// The columns a Song is made of, in the order `init(_: SelectedColumns)` reads them: listings of thousands of
  /// songs select these and decode by position, where looking each column up by name was most of the cost.
  public static let selectedColumns = """
    song.id, song.path, song.title, song.artist, song.album, song.albumArtist, song.trackNumber, song.trackTotal, \
    song.discNumber, song.discTotal, song.year, song.genre, song.durationMs, song.recordingMbid, song.releaseMbid, \
    song.artistMbids, song.playCount, song.lastPlayedAt, song.fileMtime, song.derivedFields
    """

  /// The songs of a query selecting `selectedColumns`, read straight from SQLite's columns: GRDB's
  /// generic `Row` subscripts (a call across modules per column, not specialised) took a quarter more
  /// instructions to decode a 10k-song queue (callgrind: 78 M against 62 M). The statement is kept in
  /// the connection's cache: preparing a full-text query again each time cost 4% of a typical search.
  public static func fetchSelected(
    _ db: Database, sql: String, arguments: StatementArguments, reserving capacity: Int = 0
  ) throws -> [Song] {
    var songs: [Song] = []
    songs.reserveCapacity(capacity)
    let statement = try db.cachedStatement(sql: sql)
    try statement.setArguments(arguments)
    defer { sqlite3_reset(statement.sqliteStatement) }  // a failed read must not keep its snapshot
    let columns = SelectedColumns(statement: statement.sqliteStatement)
    try forEachRow(of: statement, db) { songs.append(try Song(columns)) }
    return songs
  }

  /// The same songs one at a time, none kept: for callers that pack them (a whole-library queue).
  public static func forEachSelected(
    _ db: Database, sql: String, arguments: StatementArguments, _ body: (Song) throws -> Void
  ) throws {
    try forEachSelected(db, sql: sql, arguments: arguments, keeping: { _ in true }, body)
  }

  /// The songs whose row `keep` accepts, one at a time: `keep` reads a few columns in place, and only the
  /// rows it keeps are decoded (the MPD server's search over every song).
  public static func forEachSelected(
    _ db: Database, sql: String, arguments: StatementArguments, keeping keep: (SongRowView) throws -> Bool,
    _ body: (Song) throws -> Void
  ) throws {
    let statement = try db.makeStatement(sql: sql)
    try statement.setArguments(arguments)
    let columns = SelectedColumns(statement: statement.sqliteStatement)
    try forEachRow(of: statement, db) { if try keep(SongRowView(columns: columns)) { try body(try Song(columns)) } }
  }

  /// Steps `statement` to its end, calling `row` on each row; SQLite's errors become `DatabaseError`s.
  static func forEachRow(of statement: Statement, _ db: Database, _ row: () throws -> Void) throws {
    while true {
      switch sqlite3_step(statement.sqliteStatement) {
      case SQLITE_DONE: return
      case SQLITE_ROW: try row()
      case let code:
        throw DatabaseError(
          resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage, sql: statement.sql, arguments: statement.arguments
        )
      }
    }
  }

  /// Decodes the current row of a statement selecting `selectedColumns`, by position.
  init(_ c: SelectedColumns) throws {
    self.init(
      id: c.int64(0), path: c.text(1) ?? "", title: c.text(2) ?? "", artist: c.text(3) ?? "", album: c.text(4) ?? "",
      albumArtist: c.text(5) ?? "", trackNumber: c.int(6), trackTotal: c.int(7), discNumber: c.int(8),
      discTotal: c.int(9), year: c.int(10), genre: c.text(11), durationMs: c.int(12), recordingMbid: c.text(13),
      releaseMbid: c.text(14), artistMbids: try Song.decodeMbids(bytes: c.bytes(15)), playCount: c.int(16) ?? 0,
      lastPlayedAt: c.date(17), fileModifiedAt: c.double(18).map { Date(timeIntervalSince1970: $0) },
      derivedNames: DerivedNames(rawValue: c.int(19) ?? 0))
  }

  /// The JSON array of `artistMbids`; malformed JSON is an error, as a damaged row should be.
  static func decodeMbids(_ json: String?) throws -> [String] {
    guard var json else { return [] }
    return try json.withUTF8 { try decodeMbids(bytes: $0) }
  }

  /// The same, from the column's bytes in place: a listing decodes this for every song, and making a
  /// String of the whole array first cost two allocations a song.
  static func decodeMbids(bytes: UnsafeBufferPointer<UInt8>?) throws -> [String] {
    guard let bytes, !bytes.elementsEqual("[]".utf8) else { return [] }
    if let ids = plainStringArray(bytes) { return ids }
    return try JSONDecoder().decode([String].self, from: Data(String(decoding: bytes, as: UTF8.self).utf8))
  }

  /// `["a","b"]` as the indexer writes it (no spaces, no escapes), read without a JSONDecoder: making one
  /// per row was most of the cost of decoding a song. nil for anything else, left to JSONDecoder.
  static func plainStringArray(_ json: String) -> [String]? {
    var json = json
    return json.withUTF8 { plainStringArray($0) }
  }

  static func plainStringArray(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
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
      ids.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self))
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
    try Song.insertFullText(
      db, id: inserted.rowID, title: title, artist: artist, album: album, albumArtist: albumArtist, genre: genre)
  }

  /// Adds one song's row to the full-text index (names folded as FullTextFolding says); whoever inserts
  /// into `song` with SQL must call it.
  public static func insertFullText(
    _ db: Database, id: Int64, title: String, artist: String, album: String, albumArtist: String, genre: String?
  ) throws {
    let statement = try db.cachedStatement(
      sql: "INSERT INTO song_ft(rowid, title, artist, album, albumArtist, genre) VALUES (?, ?, ?, ?, ?, ?)")
    typealias F = FullTextFolding
    try statement.execute(arguments: [id, F.fold(title), F.fold(artist), F.fold(album), F.fold(albumArtist), F.fold(genre)])
  }
}

extension Song {
  /// The songs with these ids that are indexed and present, in no particular order; one statement however many
  /// (the ids go in as one JSON array: a restored 10k-entry queue looked up one by one took 1.5 s).
  public static func fetchSelected(_ db: Database, ids: [Int64]) throws -> [Song] {
    try fetchSelected(
      db, sql: "SELECT \(selectedColumns) FROM song WHERE song.id IN (SELECT value FROM json_each(?)) AND \(present)",
      arguments: [jsonArray(ids)], reserving: ids.count)
  }

  /// Those of `ids` that are songs of the library: what a reference may keep as a foreign key.
  public static func indexedIDs(_ db: Database, among ids: [Int64]) throws -> Set<Int64> {
    let sql = "SELECT id FROM song WHERE id IN (SELECT value FROM json_each(?))"
    return Set(try Int64.fetchAll(db, sql: sql, arguments: [jsonArray(ids)]))
  }

  /// The known durations of the songs with these ids: songs without one (or not indexed) are left out.
  public static func durationsMs(_ db: Database, ids: [Int64]) throws -> [Int64: Int] {
    var durations: [Int64: Int] = [:]
    let rows = try Row.fetchCursor(
      db, sql: "SELECT id, durationMs FROM song WHERE id IN (SELECT value FROM json_each(?)) AND durationMs IS NOT NULL",
      arguments: [jsonArray(ids)])
    while let row = try rows.next() { durations[row[0]] = row[1] }
    return durations
  }

  /// The JSON array of the ids, written by hand (JSONEncoder is slower for plain integers).
  private static func jsonArray(_ ids: [Int64]) -> String { "[" + ids.map(String.init).joined(separator: ",") + "]" }
}

extension Library {
  /// The song with this id; nil when there is none or its file is missing.
  public func song(id: Int64) throws -> Song? {
    try pool.read { db in try Song.fetchOne(db, sql: "SELECT * FROM song WHERE id = ? AND \(Song.present)", arguments: [id]) }
  }

  /// The song indexed at `path`; nil when there is none or its file is missing.
  public func song(path: String) throws -> Song? {
    try pool.read { db in
      try Song.fetchOne(db, sql: "SELECT * FROM song WHERE path = ? AND \(Song.present)", arguments: [path])
    }
  }

  /// Every song's path by id, and nothing else read: what a running player compares its queue with
  /// after an index update, to follow the files the indexer recorded as moved.
  public func songPaths() throws -> [Int64: String] {
    try pool.read { db in
      var paths: [Int64: String] = [:]
      let rows = try Row.fetchCursor(db, sql: "SELECT id, path FROM song")
      while let row = try rows.next() { paths[row[0]] = row[1] }
      return paths
    }
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

/// The columns of the row a statement stands on, read with SQLite's C API. Each column is taken once as
/// its `sqlite3_value` and read with the `sqlite3_value_*` functions, which take no lock: each
/// `sqlite3_column_*` call locks and unlocks the connection's mutex, and decoding a song made about 40
/// of them (type, text and length of 18 columns). The value is of SQLite's "unprotected" kind, safe to
/// read this way while no other thread uses the connection, which GRDB guarantees for the whole read.
struct SelectedColumns {
  let statement: SQLiteStatement

  private func value(_ index: Int32) -> OpaquePointer? { sqlite3_column_value(statement, index) }

  func int64(_ index: Int32) -> Int64? {
    let value = value(index)
    return sqlite3_value_type(value) == SQLITE_NULL ? nil : sqlite3_value_int64(value)
  }
  func int(_ index: Int32) -> Int? { int64(index).map { Int($0) } }
  func double(_ index: Int32) -> Double? {
    let value = value(index)
    return sqlite3_value_type(value) == SQLITE_NULL ? nil : sqlite3_value_double(value)
  }
  /// A stored date: the library's own text form read in place, anything else as GRDB reads it.
  func date(_ index: Int32) -> Date? {
    let value = value(index)
    switch sqlite3_value_type(value) {
    case SQLITE_NULL: return nil
    case SQLITE_TEXT:
      if let bytes = sqlite3_value_text(value),
        let date = DatabaseTimestamp.parse(UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(value))))
      {
        return date
      }
      fallthrough
    default: return DatabaseTimestamp.date(DatabaseValue(sqliteStatement: statement, index: index))
    }
  }
  func text(_ index: Int32) -> String? { bytes(index).map { String(decoding: $0, as: UTF8.self) } }
  /// The column's text in place, valid until the statement moves on; nil for NULL.
  func bytes(_ index: Int32) -> UnsafeBufferPointer<UInt8>? {
    let value = value(index)
    guard let bytes = sqlite3_value_text(value) else { return nil }
    return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(value)))
  }
}
