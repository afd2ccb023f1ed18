// The ReplayGain options saved with the play state, as MPD's state file keeps `replay_gain_mode`: new
// columns of the one playerState row, with defaults that read an older database as "off, no preamp".
import GRDB

enum ReplayGainStateSchema {
  static func v1(_ db: Database) throws {
    try db.alter(table: "playerState") { t in
      t.add(column: "replayGainMode", .text).notNull().defaults(to: "off")  // off | track | album | auto
      t.add(column: "replayGainPreamp", .double).notNull().defaults(to: 0)
      t.add(column: "replayGainMissingPreamp", .double).notNull().defaults(to: 0)
      t.add(column: "replayGainLimit", .boolean).notNull().defaults(to: true)
    }
  }
}
