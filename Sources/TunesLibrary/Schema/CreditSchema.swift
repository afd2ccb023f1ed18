// Which songs' credits stand apart from their names (migration `library-credits-v1`): a credit such as
// "A feat. B" (the artist or album artist column) beside the separate names A and B (Picard's ARTISTS),
// which is the tag's value as MPD shows it, where the values' index holds only the names. The MPD
// server's `find` and `list` on those tags must add these credits; finding them by comparing every
// song's credit with its values joined, on every query, cost some 2.5 µs a song (a quarter of a second
// at 100k songs). The indexer decides it once per song as it writes the row (`SongValues.creditApart`)
// and keeps it in `creditApart`, one bit per tag; a partial index holds the few songs with a bit set.
//
// The rule is the one the query used (and the tests keep as the oracle): a song whose tags are stored
// value by value, whose credit is not empty and not its values of the tag joined with "; " (byte for
// byte); for the album artist, only when the column is the album artist's own (not the artist standing
// in for it). Songs written by `Song.insert` store no values, and keep 0.
import GRDB

enum CreditSchema {
  /// The bit of `creditApart` for the artist's credit, and for the album artist's.
  static let artistApart = 1
  static let albumArtistApart = 2

  /// Whether the display column `column` of a song stands apart from its values of the tag `name`.
  static func apartCondition(column: String, name: String) -> String {
    """
    \(column) <> '' AND \(column) IS NOT (
      SELECT group_concat(value, '; ') FROM (
        SELECT value FROM songTag WHERE songId = song.id AND name = '\(name)' ORDER BY position))
    """
  }

  /// Marks every song whose tags are stored value by value as the indexer marks the songs it writes.
  static let markAll = """
    UPDATE song SET creditApart =
      (CASE WHEN \(apartCondition(column: "artist", name: "artist")) THEN \(artistApart) ELSE 0 END)
      | (CASE WHEN derivedFields & \(TagSchema.albumArtistFromArtist) = 0
          AND \(apartCondition(column: "albumArtist", name: "albumartist")) THEN \(albumArtistApart) ELSE 0 END)
    WHERE tagsStored > 0
    """

  static func v1(_ db: Database) throws {
    try db.execute(
      sql: """
        ALTER TABLE song ADD COLUMN creditApart INTEGER NOT NULL DEFAULT 0;
        \(markAll);
        CREATE INDEX song_creditApart ON song(creditApart) WHERE creditApart <> 0;
        """)
  }
}
