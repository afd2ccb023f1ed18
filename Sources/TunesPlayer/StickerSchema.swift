// The stickers table: small name=value pairs clients attach to songs (MPD's sticker database: ratings,
// play counts of their own), and the database area it makes in the library database. Kept by song
// path, not by library row, so a sticker survives every rescan that keeps the file where it is, as
// MPD's (keyed by URI) does.
import GRDB
import TunesLibrary

public enum StickerSchema {
  /// Handed to `Library.init` by whoever opens the library.
  public static let area = DatabaseArea(.stickers, migrations: ["stickers-v1": v1])

  static func v1(_ db: Database) throws {
    try db.create(table: "sticker") { t in
      t.column("type", .text).notNull()  // "song", the one kind of object tunes keeps stickers on
      t.column("path", .text).notNull()  // the song's absolute path
      t.column("name", .text).notNull()
      t.column("value", .text).notNull()
      t.primaryKey(["type", "path", "name"])
    }
  }
}
