// The stored tag values (`songTag`) as the MPD server's filters read them: the songs having a value equal
// to an ASCII text through the values' index, every value of a tag read in place in index order, the
// songs whose tags were never stored one value at a time, and songs by id. The server decides what its
// filters match; these functions only find the songs that can match, so it need not read every song.
import Foundation
import GRDB
import GRDBSQLite

extension SongReader {
  /// The ids of the songs with a value of the tag `name` that equals `value`, an ASCII text, as any reading of
  /// case and canonical equivalence may take it: equal with ASCII letters folded (SQLite's NOCASE, the
  /// order of the `songTag_value` index), or holding one of the three characters Unicode reads as an ASCII
  /// one (the Kelvin sign as "K" or "k", the Greek question mark as ";", the Greek varia as "`") or a NUL
  /// (where every String read of the value ends), flagged `lookalike` (TagRowsSchema) and found
  /// through the partial index `songTag_lookalike` (named: SQLite would rather walk every value of the tag
  /// in the covering `songTag_value`).
  /// Songs whose files are missing may be among them.
  public func songIDs(tagged name: String, equalToASCII value: String) throws -> [Int64] {
    try Int64.fetchAll(db, sql: Self.equalToASCII, arguments: [name, value, name])
  }

  static let equalToASCII = """
    SELECT songId FROM songTag WHERE name = ? AND value = ? COLLATE NOCASE
    UNION ALL SELECT songId FROM songTag INDEXED BY songTag_lookalike WHERE name = ? AND lookalike = 1
    """

  /// Every value of the tag `name` of the songs whose files are there, with its song's id, read in place
  /// from the `songTag_value` index: in SQLite's NOCASE order, so equal values come one after the other.
  /// A value is given up to its first NUL, as `Library.tags(forSongs:)` and every String read of it give it.
  public func forEachTagValue(
    named name: String, _ body: (_ value: UnsafeBufferPointer<UInt8>, _ songID: Int64) throws -> Void
  ) throws {
    let statement = try db.cachedStatement(
      sql: """
        SELECT value, songId FROM songTag WHERE name = ?
        AND songId NOT IN (SELECT id FROM song WHERE missingSince IS NOT NULL)
        """)
    try statement.setArguments([name])
    defer { sqlite3_reset(statement.sqliteStatement) }
    let columns = SelectedColumns(statement: statement.sqliteStatement)
    let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    try Song.forEachRow(of: statement, db) {
      let value = columns.bytes(0) ?? empty
      try body(value.firstIndex(of: 0).map { UnsafeBufferPointer(rebasing: value[..<$0]) } ?? value, columns.int64(1) ?? 0)
    }
  }

  /// The songs whose files are there and that have no value of the tag `name` but empty ones: what a
  /// listing of the tag shows under a fallback or "". The songs with a value are listed once from the
  /// values' index (a correlated NOT EXISTS was planned on that index too, reading every value of the
  /// tag for each song: 3.8 s for `list artist` of 10k songs).
  public func songIDs(lackingTag name: String) throws -> [Int64] {
    try Int64.fetchAll(db, sql: Self.lackingTag, arguments: [name])
  }

  static let lackingTag = """
    SELECT id FROM song WHERE \(Song.present) AND song.id NOT IN (
      SELECT songId FROM songTag WHERE name = ? AND value <> '' AND instr(value, char(0)) <> 1)
    """

  /// The songs whose files are there and whose tags are not stored one value at a time (`tagsStored = 0`:
  /// written by `Song.insert`, or indexed before `library-tags-v1` and not re-read since); their values
  /// are the row's names (`Library.tags(forSongs:)`), which the values' index does not hold.
  public func songIDsWithoutStoredTags() throws -> [Int64] {
    try Int64.fetchAll(db, sql: "SELECT id FROM song WHERE tagsStored = 0 AND \(Song.present)")
  }

  /// The songs whose files are there and whose credit (the display column of the tag `name`: `artist`
  /// or `albumartist`) is not their values of that tag joined with "; ": a credit such as "A feat. B"
  /// beside the separate names A and B (Picard's ARTISTS). Their tag as MPD shows it is the credit, not
  /// the names (`TagSet.artistTagValues`); the values' index holds only the names. The indexer marks
  /// them as it writes them (CreditSchema): only the marked rows are read.
  public func creditsApart(fromTag name: String) throws -> [Int64: String] {
    let column: String
    let bit: Int
    switch name {
    case "artist": (column, bit) = ("artist", CreditSchema.artistApart)
    case "albumartist": (column, bit) = ("albumArtist", CreditSchema.albumArtistApart)
    default: return [:]
    }
    var credits: [Int64: String] = [:]
    let rows = try Row.fetchCursor(
      db,
      sql: """
        SELECT id, \(column) FROM song INDEXED BY song_creditApart
        WHERE creditApart <> 0 AND creditApart & \(bit) <> 0 AND \(Song.present)
        """)
    while let row = try rows.next() { credits[row[0]] = row[1] }
    return credits
  }

  /// The songs with these ids whose files are there, in path order.
  public func songs(ids: [Int64]) throws -> [Song] {
    try Song.fetchSelected(
      db,
      sql: """
        SELECT \(Song.selectedColumns) FROM song WHERE song.id IN (SELECT value FROM json_each(?)) AND \(Song.present)
        ORDER BY song.path
        """, arguments: ["[" + ids.map(String.init).joined(separator: ",") + "]"], reserving: ids.count)
  }
}
