// A minimal stand-in for the library's query language until `library.songs(matching:)` is on main:
// words (prefix-matched over title, artist, album, album artist, diacritics folded), `sort:KEY`
// (`sort:-KEY` descending; KEY one of title artist album year plays added duration) and `limit:N`.
import Foundation
import GRDB
import TunesLibrary

public enum InterimSongQuery {
  public static func songs(matching text: String, in library: Library) throws -> [Song] {
    var words: [String] = []
    var order = "song.artist COLLATE NOCASE, song.album COLLATE NOCASE, song.discNumber, song.trackNumber"
    var limit: Int?
    let columns = [
      "title": "song.title COLLATE NOCASE", "artist": "song.artist COLLATE NOCASE", "album": "song.album COLLATE NOCASE",
      "year": "song.year", "plays": "song.playCount", "added": "song.id", "duration": "song.durationMs",
    ]
    for word in text.split(whereSeparator: \.isWhitespace).map(String.init) {
      let lower = word.lowercased()
      if lower.hasPrefix("limit:") {
        guard let n = Int(lower.dropFirst(6)), n >= 0 else {
          throw PlaylistError.queryFailed(query: text, reason: "limit: needs a whole number")
        }
        limit = n
      } else if lower.hasPrefix("sort:") {
        var key = String(lower.dropFirst(5))
        let descending = key.hasPrefix("-")
        if descending { key.removeFirst() }
        guard let column = columns[key] else {
          throw PlaylistError.queryFailed(
            query: text, reason: "unknown sort key '\(key)' (one of \(columns.keys.sorted().joined(separator: ", ")))")
        }
        order = column + (descending ? " DESC" : "") + ", " + order
      } else {
        words.append(word)
      }
    }
    return try library.pool.read { db in
      var sql = "SELECT song.* FROM song"
      var arguments: StatementArguments = []
      if !words.isEmpty {
        guard let pattern = FTS5Pattern(matchingAllPrefixesIn: words.joined(separator: " ")) else { return [] }
        sql += " JOIN song_ft ON song_ft.rowid = song.id WHERE song_ft MATCH ?"
        arguments += [pattern]
      }
      sql += " ORDER BY " + order
      if let limit { sql += " LIMIT \(limit)" }
      return try Song.fetchAll(db, sql: sql, arguments: arguments)
    }
  }
}
