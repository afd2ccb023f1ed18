// Songs whose files are gone are kept as missing, not deleted: a folder absent at one index run (an
// unmounted disk, a move made in two steps) used to cost its songs' ids, play counts and playlist
// entries. `missingSince` says since when the file has been absent (NULL while it is there); readers
// of the library leave such songs out unless asked (Song.present), and `tunes index --prune` deletes them.
import GRDB

enum MissingSongSchema {
  static func v1(_ db: Database) throws {
    try db.execute(
      sql: """
        ALTER TABLE song ADD COLUMN missingSince TEXT;
        CREATE INDEX song_missing ON song(missingSince) WHERE missingSince IS NOT NULL;
        CREATE UNIQUE INDEX song_presentPath ON song(path) WHERE missingSince IS NULL;
        """)
  }
}

extension Song {
  /// The condition of the songs whose files are there: every reader that lists songs, plays them or
  /// serves them to MPD clients adds it. Written as the partial index `song_presentPath` states it, so
  /// that path walks over present songs still read that index alone.
  public static let present = "song.missingSince IS NULL"
}
