// Tables of the persisted play state: the queue with stable ids and its shuffle order, and the single
// row of player state, and the area they make in the library database (PlayStateStore reads and writes them).
import GRDB
import TunesLibrary

public enum PlayStateSchema {
  /// Handed to `Library.init` by whoever opens the library.
  public static let area = DatabaseArea(
    .playState,
    migrations: [
      "playstate-v1": v1, "playstate-priority-v1": priority, "playstate-replaygain-v1": ReplayGainStateSchema.v1,
      "playstate-crossfade-v1": CrossfadeStateSchema.v1,
      "playstate-mixramp-v1": MixRampStateSchema.v1, "playstate-listen-v1": ListenStateSchema.v1,
      "playstate-told-listen-v1": ListenStateSchema.told,
    ])

  static func v1(_ db: Database) throws {
    // One row per queue entry. `id` is the entry's stable id (MPD's song id), not a song id. The song's
    // names are kept so a queue survives the song leaving the library (and a restart can show it).
    try db.create(table: "queueItem") { t in
      t.primaryKey("id", .integer)
      t.column("position", .integer).notNull().unique()
      t.belongsTo("song", onDelete: .setNull)
      t.column("path", .text).notNull()
      t.column("title", .text).notNull()
      t.column("artist", .text).notNull()
      t.column("album", .text).notNull()
      t.column("durationMs", .integer)
      /// The queue version at which the entry was added or moved (MPD `plchanges`).
      t.column("version", .integer).notNull()
      /// Place in the shuffle pass order; NULL when shuffle is off.
      t.column("shuffleIndex", .integer)
    }
    // Exactly one row (id = 1): what the player was doing, its modes and where the shuffle pass stands.
    try db.create(table: "playerState") { t in
      t.primaryKey("id", .integer).check { $0 == 1 }
      t.column("state", .text).notNull().defaults(to: "stopped")  // stopped | playing | paused
      t.column("currentItemId", .integer)
      t.column("positionMs", .integer).notNull().defaults(to: 0)
      t.column("volume", .integer).notNull().defaults(to: 100)
      t.column("repeat", .text).notNull().defaults(to: "off")  // off | all | one
      t.column("random", .boolean).notNull().defaults(to: false)
      t.column("single", .boolean).notNull().defaults(to: false)  // 0 off, 1 on, 2 oneshot (PlayStateStore)
      t.column("consume", .boolean).notNull().defaults(to: false)
      t.column("queueVersion", .integer).notNull().defaults(to: 0)
      t.column("nextItemId", .integer).notNull().defaults(to: 1)
      t.column("passNumber", .integer).notNull().defaults(to: 0)
      t.column("passCursor", .integer).notNull().defaults(to: -1)
      /// JSON array of queue entry ids that actually played (for `previous` while shuffling).
      t.column("history", .text).notNull().defaults(to: "[]")
      t.column("historyIndex", .integer).notNull().defaults(to: -1)
      /// The shuffle generator's four state words, so a restored pass continues its random sequence.
      t.column("rngState", .text)
      /// Bumped by every change of state; MPD clients see it as the status `playlist`/idle counters.
      t.column("version", .integer).notNull().defaults(to: 0)
      t.column("savedAt", .datetime)
    }
  }

  /// Each queue entry's priority (MPD's `prio`, 0…255): shuffling, the higher ones play first.
  static func priority(_ db: Database) throws {
    try db.alter(table: "queueItem") { t in t.add(column: "priority", .integer).notNull().defaults(to: 0) }
  }
}
