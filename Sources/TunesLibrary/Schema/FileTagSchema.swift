// The file's own track, disc, date, genres and recording id, kept beside the values a catalogue put in
// their place (migration `library-file-tags-v1`). `library-tags-v1` kept the file's title, artist, album
// and album artist as read (`tagTitle`…) but stored the other fields a catalogue names only as the
// catalogue gives them, so the file's values were lost; these columns keep them readable
// (`Library.fileTags(forSongs:)`). What `info`, the MPD server and queries see stays the catalogue's.
//
// Upgrading: a row the indexer wrote without a catalogue entry (`source = 'scan'`) holds the file's values
// already, so they are copied over and the row is current. A row a catalogue named is left a tag version
// behind (`tagsStored = 1`): the next `tunes index` re-reads only those files, as for `library-tags-v1`.
import GRDB

enum FileTagSchema {
  static func v1(_ db: Database) throws {
    try db.execute(
      sql: """
        ALTER TABLE song ADD COLUMN tagTrackNumber INTEGER;
        ALTER TABLE song ADD COLUMN tagDiscNumber INTEGER;
        ALTER TABLE song ADD COLUMN tagDate TEXT;
        ALTER TABLE song ADD COLUMN tagGenre TEXT;
        ALTER TABLE song ADD COLUMN tagRecordingMbid TEXT;
        UPDATE song SET tagTrackNumber = trackNumber, tagDiscNumber = discNumber, tagDate = date, tagGenre = genre,
          tagRecordingMbid = recordingMbid, tagsStored = \(TagSchema.currentTags)
          WHERE source = 'scan' AND tagsStored >= 1;
        """)
  }
}
