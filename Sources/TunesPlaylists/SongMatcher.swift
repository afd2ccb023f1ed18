// Finds the indexed song a playlist entry means: by path, then recording MBID, then artist + title
// folded for case and diacritics. Used by import, file sync and re-linking missing entries.
import Foundation
import GRDB
import TunesLibrary

struct SongMatcher {
  private let db: Database
  /// Built on first use: folded "artist\u{1F}title" → song id (the lowest id wins).
  private var byNames: [String: Int64]?

  init(_ db: Database) { self.db = db }

  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  private static func key(artist: String, title: String) -> String { fold(artist) + "\u{1F}" + fold(title) }

  /// The columns an entry copies from its song; fetched as rows, not whole Songs (import speed).
  private static let columns = "id AS songId, path, title, artist, NULLIF(album, '') AS album, durationMs, recordingMbid"

  private func item(_ sql: String, _ arguments: StatementArguments) throws -> ItemValues? {
    let statement = try db.cachedStatement(sql: "SELECT \(Self.columns) FROM song WHERE " + sql)
    return try Row.fetchOne(statement, arguments: arguments).map(ItemValues.init(row:))
  }

  /// The entry values of the song an entry means, or nil.
  mutating func match(path: String?, recordingMbid: String?, artist: String?, title: String?) throws -> ItemValues? {
    if let path, !path.isEmpty, let found = try item("path = ?", [path]) { return found }
    // MBIDs are lowercase UUIDs; both spellings go through the recordingMbid index.
    if let mbid = recordingMbid, !mbid.isEmpty,
      let found = try item("recordingMbid IN (?, ?) ORDER BY id LIMIT 1", [mbid.lowercased(), mbid])
    {
      return found
    }
    if let artist, let title, !artist.isEmpty, !title.isEmpty {
      if byNames == nil {
        var table: [String: Int64] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT id, artist, title FROM song ORDER BY id")
        while let row = try rows.next() {
          let key = Self.key(artist: row["artist"], title: row["title"])
          if table[key] == nil { table[key] = row["id"] }
        }
        byNames = table
      }
      if let id = byNames?[Self.key(artist: artist, title: title)] { return try item("id = ?", [id]) }
    }
    return nil
  }

  mutating func match(_ entry: PlaylistFileEntry) throws -> ItemValues? {
    try match(path: entry.location, recordingMbid: entry.recordingMbid, artist: entry.artist, title: entry.title)
  }

  /// Points missing entries (of one playlist, or all) at their song when it is back: same path, or the
  /// same song moved (MBID, names). The entry's path follows the song. Returns how many were re-linked.
  @discardableResult
  static func relinkMissing(_ db: Database, playlistID: Int64? = nil) throws -> Int {
    var sql = "SELECT * FROM playlistItem WHERE songId IS NULL"
    if playlistID != nil { sql += " AND playlistId = ?" }
    let items = try Row.fetchAll(db, sql: sql, arguments: StatementArguments(playlistID.map { [$0] } ?? []))
      .map(ItemValues.init)
    var matcher = SongMatcher(db)
    var count = 0
    for item in items {
      guard let id = item.id,
        let song = try matcher.match(path: item.path, recordingMbid: item.recordingMbid, artist: item.artist, title: item.title)
      else { continue }
      try db.execute(sql: "UPDATE playlistItem SET songId = ?, path = ? WHERE id = ?", arguments: [song.songID, song.path, id])
      count += 1
    }
    return count
  }
}
