// The MusicBrainz ids as the file spells them (migration `library-mbid-spellings-v1`). The library keeps
// each id canonical (lower case, hyphenated), which queries, the catalogue and ListenBrainz compare; mpd
// shows an id tag exactly as the file wrote it ("{7A1B…}", capitals, spaces), and so must tunes' MPD
// server. `mbidSpellings` holds, as a JSON object from mpd's tag name to its values, only the id fields a
// file spells otherwise than canonically (`TagSet.mbidSpellings`): NULL for nearly every song.
//
// Upgrading: which rows' files spell an id otherwise cannot be known without reading them, so the rows
// holding any id are left a tag version behind (`tagsStored = 2`) and the next `tunes index` re-reads those
// files only (as for `library-tags-v1`); the rows without an id are current.
import GRDB

enum MBIDSpellingSchema {
  /// A song row that holds a MusicBrainz id of any field.
  static let holdsAnID = """
    (recordingMbid IS NOT NULL OR tagRecordingMbid IS NOT NULL OR releaseMbid IS NOT NULL
      OR releaseTrackMbid IS NOT NULL OR releaseGroupMbid IS NOT NULL
      OR EXISTS (SELECT 1 FROM songTag WHERE songId = song.id AND name IN ('mb_artistid', 'mb_albumartistid', 'mb_workid')))
    """

  static func v1(_ db: Database) throws {
    try db.execute(
      sql: """
        ALTER TABLE song ADD COLUMN mbidSpellings TEXT;
        UPDATE song SET tagsStored = CASE WHEN \(holdsAnID) THEN 2 ELSE 3 END WHERE tagsStored >= 2;
        """)
  }
}
