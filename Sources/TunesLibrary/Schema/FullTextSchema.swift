// The full-text index over names folded for apostrophes (FullTextFolding). Its content is a view of the
// song table with the names folded, so that FTS5's own checks and rebuilds read what it indexed; the
// triggers that keep it in step with renamed and deleted songs fold the names as the code that inserts
// rows does. Every row already indexed is indexed again.
import GRDB

enum FullTextSchema {
  static func v2(_ db: Database) throws {
    func folded(_ row: String, named: Bool = false) -> String {
      ["title", "artist", "album", "albumArtist", "genre"]
        .map { FullTextFolding.sql("\(row).\($0)") + (named ? " AS \($0)" : "") }
        .joined(separator: ", ")
    }
    try db.execute(
      sql: """
        DROP TRIGGER song_ft_delete;
        DROP TRIGGER song_ft_update;
        DROP TABLE song_ft;
        CREATE VIEW songFullText AS SELECT song.id AS id, \(folded("song", named: true)) FROM song;
        CREATE VIRTUAL TABLE song_ft USING fts5(
          title, artist, album, albumArtist, genre, content = 'songFullText', content_rowid = 'id', tokenize = 'unicode61');
        INSERT INTO song_ft(song_ft) VALUES ('rebuild');
        CREATE TRIGGER song_ft_delete AFTER DELETE ON song BEGIN
          INSERT INTO song_ft(song_ft, rowid, title, artist, album, albumArtist, genre)
          VALUES ('delete', old.id, \(folded("old")));
        END;
        CREATE TRIGGER song_ft_update AFTER UPDATE OF title, artist, album, albumArtist, genre ON song BEGIN
          INSERT INTO song_ft(song_ft, rowid, title, artist, album, albumArtist, genre)
          VALUES ('delete', old.id, \(folded("old")));
          INSERT INTO song_ft(rowid, title, artist, album, albumArtist, genre)
          VALUES (new.id, \(folded("new")));
        END;
        """)
  }
}
