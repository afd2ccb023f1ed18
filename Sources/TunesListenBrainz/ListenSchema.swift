// Tables of ListenBrainz submission: the small facts of submission and, until `outbox-v2` moved its
// rows into the one outbox (Outbox), the table of pending and rejected listens; and the area they make
// in the library database (ListenQueue reads and writes them).
import GRDB
import TunesLibrary

public enum ListenSchema {
  /// Handed to `Library.init` by whoever opens the library.
  public static let area = DatabaseArea(.listens, migrations: ["listens-v1": v1, "listens-v2": v2, "listens-v3": v3])

  static func v1(_ db: Database) throws {
    // One row per listen not yet accepted by the server. `payload` is the exact JSON of the listen as
    // it is sent, so a resend after a lost reply is byte-for-byte the same and the server's duplicate
    // check (listened_at, user, msid) makes it harmless. Rows leave only after a 200.
    try db.create(table: "pendingListen") { t in
      t.autoIncrementedPrimaryKey("id")
      t.belongsTo("song", onDelete: .setNull)
      t.column("listenedAt", .integer).notNull()
      t.column("payload", .text).notNull()
      /// "pending" (sent by the submitter) or "rejected" (the server answered 400; waits for `tunes lb retry`).
      t.column("state", .text).notNull().defaults(to: "pending")
      t.column("rejection", .text)
      t.column("attempts", .integer).notNull().defaults(to: 0)
      t.column("createdAt", .datetime).notNull()
    }
    try db.create(index: "pendingListen_state_listenedAt", on: "pendingListen", columns: ["state", "listenedAt", "id"])
    // Small facts about submission that `tunes lb status` shows: last submission, last error, whether
    // the token was refused. Never the token itself.
    try db.create(table: "listenBrainzState") { t in
      t.primaryKey("key", .text)
      t.column("value", .text).notNull()
    }
  }

  /// The account a listen was played under: the ListenBrainz user name stored when it was queued, or
  /// NULL when no user was known (logged out, or a token given only through TUNES_LISTENBRAINZ_TOKEN).
  /// The submitter sends a row only while logged in as that user (NULL rows: as anyone), so a listen
  /// never reaches another account. Rows queued before this column existed get NULL.
  static func v2(_ db: Database) throws {
    try db.alter(table: "pendingListen") { t in t.add(column: "account", .text) }
  }

  /// The server a listen goes to: one row per target (ListenBrainz, a Maloja or Koito server…), each
  /// with its own state, so a listen is sent once to each and an outage of one holds up no other. Rows
  /// queued before there were several targets were for ListenBrainz, the default target.
  static func v3(_ db: Database) throws {
    try db.alter(table: "pendingListen") { t in
      t.add(column: "target", .text).notNull().defaults(to: Account.defaultTarget)
    }
  }
}
