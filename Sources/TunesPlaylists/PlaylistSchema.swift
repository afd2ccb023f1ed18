// The playlists area's tables, playlist and playlistItem, and the area it brings to the library
// database (migrations by the identifiers of the library's ordered list, and the relinking of entries
// when the indexer writes songs).
import GRDB
import TunesLibrary

public enum PlaylistSchema {
  /// Handed to `Library.init` by whoever opens the library.
  public static let area = DatabaseArea(
    .playlists, migrations: ["library-v1": v0, "playlists-v1": v1, "playlists-source-hash-v1": v2],
    songsIndexed: { db, songs in try PlaylistRelinker.relink(db, songs: songs) })

  /// The first tables, created by the library's first migration ("library-v1") after its own.
  static func v0(_ db: Database) throws {
    try db.create(table: "playlist") { t in
      t.autoIncrementedPrimaryKey("id")
      t.column("name", .text).notNull().unique().collate(.nocase)
      /// For smart playlists: the saved query; nil for ordinary ones.
      t.column("smartQuery", .text)
      /// For playlists that came from a file found while indexing.
      t.column("sourcePath", .text)
      t.column("sourceMtime", .double)
      t.column("createdAt", .datetime).notNull()
      t.column("modifiedAt", .datetime).notNull()
    }
    // An entry keeps what identifies its song (path, MBID, names) so that it survives the song's
    // removal (shown as missing, skipped when playing) and finds it again when the file comes back.
    try db.create(table: "playlistItem") { t in
      t.autoIncrementedPrimaryKey("id")
      t.belongsTo("playlist", onDelete: .cascade).notNull()
      t.column("position", .integer).notNull()
      t.belongsTo("song", onDelete: .setNull)
      t.column("path", .text).notNull()
      t.column("title", .text)
      t.column("artist", .text)
      t.column("album", .text)
      t.column("durationMs", .integer)
      t.column("recordingMbid", .text)
      t.uniqueKey(["playlistId", "position"])
    }
  }

  /// When a file-backed playlist was last brought in step with its file.
  static func v1(_ db: Database) throws {
    try db.alter(table: "playlist") { t in
      /// Set with `modifiedAt` whenever the playlist is (re)imported from `sourcePath`; a later
      /// `modifiedAt` means it was edited in tunes, so a newer file is imported beside it instead.
      t.add(column: "syncedAt", .datetime)
    }
  }

  /// A digest of the file's bytes when the playlist was last brought in step with it: a file whose time
  /// changed but whose bytes did not (touched, copied again, restored from a backup) is not imported again.
  static func v2(_ db: Database) throws {
    try db.alter(table: "playlist") { t in t.add(column: "sourceHash", .text) }
  }
}
