// Tables of the ListenBrainz dashboards: the last answer of every dashboard request (for `--offline`,
// DashboardCache) and the one outbox of everything waiting to be sent to ListenBrainz (Outbox: listens
// and the writes of commands; love/hate had a table of their own until `outbox-v1`, listens until
// `outbox-v2`), and the area they make in the library database.
import GRDB
import TunesLibrary

public enum DashboardSchema {
  /// Handed to `Library.init` by whoever opens the library.
  public static let area = DatabaseArea(
    .dashboard,
    migrations: [
      "dashboard-v1": v1, "social-v1": SocialSchema.v1, "outbox-v1": OutboxSchema.v1, "outbox-v2": OutboxSchema.v2,
    ])

  static func v1(_ db: Database) throws {
    // Keyed by "METHOD path?query" exactly as sent, so an offline run finds the answer of the same view.
    try db.create(table: "dashboardCache") { t in
      t.primaryKey("requestKey", .text)
      t.column("status", .integer).notNull()
      t.column("body", .blob).notNull()
      t.column("fetchedAt", .datetime).notNull()
    }
    // Sent in id order by the next flush; a row leaves after the server's 200 (or a permanent 400).
    try db.create(table: "pendingFeedback") { t in
      t.autoIncrementedPrimaryKey("id")
      t.column("recordingMbid", .text)
      t.column("recordingMsid", .text)
      t.column("score", .integer).notNull()
      /// "Artist – Title", for messages.
      t.column("label", .text).notNull()
      t.column("attempts", .integer).notNull().defaults(to: 0)
      t.column("lastError", .text)
      t.column("createdAt", .datetime).notNull()
    }
  }
}
