// The loudness `tunes loudness` measured, one row per song, in the library database rather than in the
// files (tunes never rewrites a user's files to remember something): the measurements area. The
// library keeps it beside the songs because a measurement holds only for the file as indexed: a row
// remembers the file's modification time it was measured at, so a rescan that keeps an unchanged song
// keeps its measurement, and a changed file's old measurement is never used (SongLevels reads the two
// together). Where a song's file carries no ReplayGain tags, these values stand in.
import GRDB

enum LoudnessSchema {
  static func v1(_ db: Database) throws {
    try db.create(table: "loudness") { t in
      t.primaryKey("songId", .integer).references("song", onDelete: .cascade)
      /// The song row's `fileMtime` when measured (NULL when the index had none).
      t.column("fileMtime", .double)
      /// EBU R128 integrated loudness of the song, LUFS.
      t.column("integratedLufs", .double).notNull()
      /// True peak, linear (1 = full scale).
      t.column("truePeak", .double).notNull()
      /// ReplayGain 2.0: −18 LUFS minus the loudness, dB.
      t.column("trackGain", .double).notNull()
      /// The album's values (every song of the album measured together); NULL for a song without album.
      t.column("albumLufs", .double)
      t.column("albumGain", .double)
      t.column("albumPeak", .double)
      t.column("measuredAt", .datetime).notNull()
    }
  }
}

extension LoudnessSchema {
  /// Drops every kept measurement: they were made with libmpg123 whatever the file's format, and it
  /// finds false frame syncs in FLAC, Ogg and MP4 data, so a stored value may describe made-up audio.
  /// The database does not say which were, so all are measured again by the next `tunes loudness`.
  static func v2(_ db: Database) throws {
    try db.execute(sql: "DELETE FROM loudness")
  }
}
