// Additions of the playlists area to its tables (owned by TunesPlaylists; declared here because the
// library owns the database): when a file-backed playlist was last brought in step with its file.
import GRDB

enum PlaylistSchema {
  static func v1(_ db: Database) throws {
    try db.alter(table: "playlist") { t in
      /// Set with `modifiedAt` whenever the playlist is (re)imported from `sourcePath`; a later
      /// `modifiedAt` means it was edited in tunes, so a newer file is imported beside it instead.
      t.add(column: "syncedAt", .datetime)
    }
  }
}
