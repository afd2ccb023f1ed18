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

  /// The entry values of the song an entry means, or nil.
  mutating func match(path: String?, recordingMbid: String?, artist: String?, title: String?) throws -> ItemValues? {
    if let path, !path.isEmpty, let found = try Song.reference(db, path: path) { return ItemValues(song: found) }
    if let mbid = recordingMbid, !mbid.isEmpty, let found = try Song.reference(db, recordingMbid: mbid) {
      return ItemValues(song: found)
    }
    if let artist, let title, !artist.isEmpty, !title.isEmpty {
      if byNames == nil {
        var table: [String: Int64] = [:]
        try Song.forEachName(db) { id, artist, title in
          let key = Self.key(artist: artist, title: title)
          if table[key] == nil { table[key] = id }
        }
        byNames = table
      }
      if let id = byNames?[Self.key(artist: artist, title: title)] {
        return try Song.reference(db, id: id).map(ItemValues.init(song:))
      }
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
