// Tables of the index itself: artist, album, song (+ its FTS5 index). The playlists area's first tables,
// created in the same migration, are declared in TunesPlaylists (PlaylistSchema).
// Naming: singular camelCase tables and columns (GRDB's convention).
import GRDB

enum LibrarySchema {
  static func v1(_ db: Database) throws {
    try db.create(table: "artist") { t in
      t.autoIncrementedPrimaryKey("id")
      t.column("name", .text).notNull().unique(onConflict: .ignore).collate(.nocase)
      t.column("mbid", .text)
    }
    try db.create(table: "album") { t in
      t.autoIncrementedPrimaryKey("id")
      t.column("title", .text).notNull()
      t.belongsTo("albumArtist", inTable: "artist", onDelete: .setNull)
      t.column("albumArtistName", .text).notNull()
      t.column("year", .integer)
      t.column("coverPath", .text)
      t.column("releaseMbid", .text)
      t.column("isCompilation", .boolean).notNull().defaults(to: false)
      t.uniqueKey(["title", "albumArtistName"])
    }
    try db.create(table: "song") { t in
      t.autoIncrementedPrimaryKey("id")
      t.column("path", .text).notNull().unique()
      t.column("title", .text).notNull()
      t.column("artist", .text).notNull()
      t.column("album", .text).notNull()
      t.column("albumArtist", .text).notNull()
      t.belongsTo("artist", onDelete: .setNull)
      t.belongsTo("album", onDelete: .setNull)
      t.column("trackNumber", .integer)
      t.column("trackTotal", .integer)
      t.column("discNumber", .integer)
      t.column("discTotal", .integer)
      t.column("year", .integer)
      t.column("genre", .text)
      t.column("durationMs", .integer)
      t.column("recordingMbid", .text).indexed()
      t.column("releaseMbid", .text)
      t.column("artistMbids", .text).notNull().defaults(to: "[]")
      t.column("isCompilation", .boolean).notNull().defaults(to: false)
      // What the scanner needs to skip unchanged files and to recognise moved ones.
      t.column("fileSize", .integer)
      t.column("fileMtime", .double)
      t.column("audioHash", .text).indexed()
      /// "scan", "catalogue" or "both".
      t.column("source", .text).notNull().defaults(to: "scan")
      /// Fingerprint of the catalogue entry the song was last indexed with (nil: no entry), so a
      /// catalogue edit re-reads an otherwise unchanged file.
      t.column("catalogueFingerprint", .text)
      t.column("playCount", .integer).notNull().defaults(to: 0).indexed()
      t.column("lastPlayedAt", .datetime).indexed()
      t.column("addedAt", .datetime).notNull().defaults(sql: "CURRENT_TIMESTAMP")
    }
    // The query language's filters and default order (album artist, album, disc, track, path) use these.
    try db.execute(
      sql: """
        CREATE INDEX song_defaultOrder ON song(
          albumArtist COLLATE NOCASE, album COLLATE NOCASE, discNumber, trackNumber, path);
        CREATE INDEX song_year ON song(year);
        CREATE INDEX song_genre ON song(genre COLLATE NOCASE);
        """)
    // External-content FTS5 over song. Deletes and renames are synchronised by triggers; inserts are
    // not: an AFTER INSERT trigger makes SQLite open a statement savepoint per row, and FTS5 flushes
    // its pending terms at every savepoint, which made indexing 3× slower (measured: 10k inserts 1.57 s
    // with the trigger, 0.48 s with the FTS row written by the inserting code). Songs are inserted
    // through `Song.insert` (SongRecord.swift) or the indexer, both of which write the FTS row.
    try db.create(virtualTable: "song_ft", using: FTS5()) { t in
      t.content = "song"
      t.contentRowID = "id"
      t.tokenizer = .unicode61()  // folds case and diacritics: "cafe" finds "Café"
      t.column("title")
      t.column("artist")
      t.column("album")
      t.column("albumArtist")
      t.column("genre")
    }
    try db.execute(
      sql: """
        CREATE TRIGGER song_ft_delete AFTER DELETE ON song BEGIN
          INSERT INTO song_ft(song_ft, rowid, title, artist, album, albumArtist, genre)
          VALUES ('delete', old.id, old.title, old.artist, old.album, old.albumArtist, old.genre);
        END;
        CREATE TRIGGER song_ft_update AFTER UPDATE OF title, artist, album, albumArtist, genre ON song BEGIN
          INSERT INTO song_ft(song_ft, rowid, title, artist, album, albumArtist, genre)
          VALUES ('delete', old.id, old.title, old.artist, old.album, old.albumArtist, old.genre);
          INSERT INTO song_ft(rowid, title, artist, album, albumArtist, genre)
          VALUES (new.id, new.title, new.artist, new.album, new.albumArtist, new.genre);
        END;
        """)
  }
}
