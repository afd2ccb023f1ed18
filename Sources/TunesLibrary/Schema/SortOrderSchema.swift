// The index of the default song order by sort names (QuerySQL's `defaultOrder`): album artist and album
// each by its sort name when tagged, then disc, track and path. The key expressions are the query's
// own, written the same way, so SQLite walks this index for a listing in the default order (and its
// first rows for a `limit:`) instead of sorting every song. `song_defaultOrder`, over the plain names,
// stays: exact album-artist matches search its first column.
import GRDB

enum SortOrderSchema {
  static func v1(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE INDEX song_sortOrder ON song(
          coalesce(albumArtistSort, CASE WHEN derivedFields & 2 <> 0 THEN artistSort END, albumArtist) COLLATE NOCASE,
          coalesce(albumSort, album) COLLATE NOCASE, discNumber, trackNumber, path)
        """)
  }
}
