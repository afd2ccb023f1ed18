// Rows queued by hand in a library database, the way an older tunes left them in the tables it had
// then: the upgrade tests of the outbox and of accounts migrate a database up to a given migration,
// queue rows here, and open it with today's tunes, which runs the later migrations over them.
import Foundation
import GRDB

@testable import TunesLibrary
@testable import TunesListenBrainz

struct QueuedRows {
  let db: Database

  /// A listen's JSON as the player queued it: artist "A", title "T".
  static let listenPayload = #"{"listened_at":1700000000,"track_metadata":{"artist_name":"A","track_name":"T"}}"#

  /// A library at `path` migrated up to `migration`, then `fill`ed, then opened with every migration.
  static func upgraded(from migration: String, path: String, _ fill: (QueuedRows) throws -> Void) throws -> Library {
    do {
      let old = try DatabaseQueue(path: path)
      try Schema.migrator(areas: everyDatabaseArea).migrate(old, upTo: migration)
      try old.write { db in try fill(QueuedRows(db: db)) }
      try old.close()
    }
    return try Library(path: path, areas: everyDatabaseArea)
  }

  /// A pending listen in `pendingListen` (before `outbox-v2`); `account` only exists from `listens-v2`,
  /// and is left out when nil (a database older than that has no such column).
  func listen(
    at listenedAt: Int = 1_700_000_000, payload: String = listenPayload, account: String? = nil, state: String = "pending",
    rejection: String? = nil, attempts: Int = 0
  ) throws {
    if let account {
      try db.execute(
        sql: """
          INSERT INTO pendingListen(listenedAt, payload, state, rejection, attempts, createdAt, account)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          """, arguments: [listenedAt, payload, state, rejection, attempts, Date(), account])
    } else {
      try db.execute(
        sql: "INSERT INTO pendingListen(listenedAt, payload, state, rejection, attempts, createdAt) VALUES (?, ?, ?, ?, ?, ?)",
        arguments: [listenedAt, payload, state, rejection, attempts, Date()])
    }
  }

  /// A write in `pendingSocial` (from `social-v1` until `outbox-v2`); `account` nil: held.
  func write(_ write: SocialWrite, account: String?, table: String = "pendingSocial") throws {
    try db.execute(
      sql: "INSERT INTO \(table)(action, path, body, label, account, attempts, createdAt) VALUES (?, ?, ?, ?, ?, 0, ?)",
      arguments: [write.action.rawValue, write.path, write.body, write.label, account, Date()])
  }

  /// A love/hate in `pendingFeedback` (until `outbox-v1`).
  func feedback(recordingMbid: String, score: Int, label: String, attempts: Int, lastError: String?) throws {
    try db.execute(
      sql: "INSERT INTO pendingFeedback(recordingMbid, score, label, attempts, lastError, createdAt) VALUES (?, ?, ?, ?, ?, ?)",
      arguments: [recordingMbid, score, label, attempts, lastError, Date()])
  }
}
