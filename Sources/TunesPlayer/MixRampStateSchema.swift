// MixRamp's settings saved with the play state, as MPD's state file keeps `mixrampdb` and
// `mixrampdelay`: two columns of the one playerState row, whose defaults (0 dB, delay -1) read an older
// database as MPD's defaults, MixRamp off.
import GRDB

enum MixRampStateSchema {
  static func v1(_ db: Database) throws {
    try db.alter(table: "playerState") { t in
      t.add(column: "mixRampDb", .double).notNull().defaults(to: 0)
      // NULL: NaN, which `mixrampdelay nan` sets (SQLite stores no NaN).
      t.add(column: "mixRampDelay", .double).defaults(to: -1)
    }
  }
}
