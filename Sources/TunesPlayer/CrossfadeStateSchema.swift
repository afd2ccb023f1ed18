// The crossfade option saved with the play state, as MPD's state file keeps `crossfade`: a new column of
// the one playerState row, whose default reads an older database as "off".
import GRDB

enum CrossfadeStateSchema {
  static func v1(_ db: Database) throws {
    try db.alter(table: "playerState") { t in
      t.add(column: "crossfadeSeconds", .integer).notNull().defaults(to: 0)
    }
  }
}
