// Every tag a file carries, kept: one `song` column per single-valued tag (dates as TEXT at the precision
// tagged; `year` stays as the integer the existing indexes and `year:` use), and the tags a file may hold
// several times (artists, genres, composers, ids…) as rows of `songTag`, one per value in tag order, so
// that a query on one value finds the song through an index instead of splitting joined strings.
//
// The display columns `title`, `artist`, `album`, `albumArtist` stay what listings group and sort by,
// with their fallbacks (the file name, the artist); `tagTitle`… hold the tags exactly as read and
// `derivedFields` says which display columns were made up, so readers never present a fallback as a tag.
//
// Upgrading: rows written before this migration get what can be carried over at once (date from year,
// artist and genre values from the display columns, artist ids from the JSON list) and `tagsStored = 0`;
// the next `tunes index` re-reads those files' tags (only theirs: size and mtime still skip the others)
// and updates their rows in place, so ids, play counts, playlists, the queue and pending listens stay.
//
// `songTag` was made an ordinary rowid table here; `library-tag-rows-v2` (TagRowsSchema) makes it WITHOUT
// ROWID, with a flag for the values NOCASE misjudges, and the indexer's tests check integrity after every run.
import GRDB

enum TagSchema {
  /// `tagsStored` of a row written with every tag column: 1 for this migration's, 2 since
  /// `library-file-tags-v1` added the file's own track, disc, date, genres and recording id, 3 since
  /// `library-mbid-spellings-v1` added the ids as the file spells them.
  static let currentTags = 3

  /// Bits of `derivedFields`: display columns the indexer filled from somewhere other than a tag or the
  /// catalogue.
  static let titleFromFileName = 1
  static let albumArtistFromArtist = 2

  /// The single-valued text columns added, by their column names.
  static let textColumns = [
    "date", "originalDate", "titleSort", "artistSort", "albumSort", "albumArtistSort", "composerSort", "ensemble", "work",
    "movement", "discSubtitle", "grouping", "catalogNumber", "barcode", "isrc", "comment", "lyrics", "releaseTrackMbid",
    "releaseGroupMbid", "mixRampStart", "mixRampEnd", "tagVersions", "tagTitle", "tagArtist", "tagAlbum", "tagAlbumArtist",
    "codec",
  ]
  static let integerColumns = ["movementNumber", "movementTotal", "bpm", "bitrate", "sampleRate", "bitsPerSample", "channels"]

  static func v1(_ db: Database) throws {
    for column in textColumns { try db.execute(sql: "ALTER TABLE song ADD COLUMN \(column) TEXT") }
    for column in integerColumns { try db.execute(sql: "ALTER TABLE song ADD COLUMN \(column) INTEGER") }
    try db.execute(
      sql: """
        ALTER TABLE song ADD COLUMN derivedFields INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE song ADD COLUMN tagsStored INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE songTag (
          songId INTEGER NOT NULL REFERENCES song(id) ON DELETE CASCADE,
          name TEXT NOT NULL,
          value TEXT NOT NULL,
          position INTEGER NOT NULL,
          PRIMARY KEY (songId, name, position)
        );
        CREATE INDEX songTag_value ON songTag(name, value COLLATE NOCASE, songId);
        CREATE INDEX song_date ON song(date);
        UPDATE song SET date = CAST(year AS TEXT) WHERE year IS NOT NULL;
        INSERT INTO songTag (songId, name, value, position)
          SELECT id, 'artist', artist, 0 FROM song WHERE artist <> '';
        INSERT INTO songTag (songId, name, value, position)
          SELECT id, 'albumartist', albumArtist, 0 FROM song WHERE albumArtist <> '';
        INSERT INTO songTag (songId, name, value, position)
          SELECT song.id, 'mb_artistid', json_each.value, json_each.key
          FROM song, json_each(song.artistMbids) WHERE json_valid(song.artistMbids);
        """)
    // The genre column held the genres joined with "; ".
    let genres = try Row.fetchAll(db, sql: "SELECT id, genre FROM song WHERE genre IS NOT NULL AND genre <> ''")
    let insert = try db.makeStatement(
      sql: "INSERT OR IGNORE INTO songTag (songId, name, value, position) VALUES (?, 'genre', ?, ?)")
    for row in genres {
      let id: Int64 = row[0]
      let text: String = row[1]
      let values = text.components(separatedBy: "; ").filter { !$0.isEmpty }
      for (position, value) in values.enumerated() { try insert.execute(arguments: [id, value, position]) }
    }
  }
}
