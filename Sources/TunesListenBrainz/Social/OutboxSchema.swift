// Migrations of the one outbox (Outbox), in the dashboards' area.
// `outbox-v1`: one outbox for every write a command makes
// (pendingSocial, SocialQueue). Love/hate/unrate had a table of their own (pendingFeedback) with no
// account, so a love queued offline as one user went out with whoever logged in next. Its rows move
// into the outbox as feedback writes, byte for byte as they would have been sent, with no account:
// the outbox never sends a row without an account. They are held, listed by `tunes lb status`, until
// `tunes lb flush --claim-held` sends them as the user logged in then (the migration cannot know who
// queued them, and sending as the wrong user is worse than asking).
// `sendingSince` marks a row a process is sending, so two processes draining the outbox at once (the
// player's submitter and a command) never send the same row twice.
// `outbox-v2`: listens join it (they had their own table, pendingListen, with a queue and a flush loop
// of their own), so one table holds everything waiting for ListenBrainz, marked and sent by the one
// submitter under one set of rules. The table is named for what it now is (`outbox`); each listen
// moves with its bytes, account, target, state and attempts, and gets the label `tunes lb queue` shows.
import Foundation
import GRDB

enum OutboxSchema {
  static func v1(_ db: Database) throws {
    try db.alter(table: "pendingSocial") { t in t.add(column: "sendingSince", .datetime) }
    let rows = try Row.fetchAll(db, sql: "SELECT * FROM pendingFeedback ORDER BY id")
    for row in rows {
      let score = FeedbackScore(rawValue: row["score"]) ?? .none
      let write = SocialWrite.feedback(
        recordingMbid: row["recordingMbid"], recordingMsid: row["recordingMsid"], score: score, label: row["label"])
      try db.execute(
        sql: """
          INSERT INTO pendingSocial (action, path, body, label, account, attempts, lastError, createdAt)
          VALUES (?, ?, ?, ?, NULL, ?, ?, ?)
          """,
        arguments: [
          write.action.rawValue, write.path, write.body, write.label, row["attempts"] as Int, row["lastError"] as String?,
          row["createdAt"] as DatabaseValue,
        ])
    }
    try db.drop(table: "pendingFeedback")
  }

  static func v2(_ db: Database) throws {
    try db.rename(table: "pendingSocial", to: "outbox")
    try db.alter(table: "outbox") { t in
      /// The server a listen goes to (writes go to ListenBrainz).
      t.add(column: "target", .text).notNull().defaults(to: Account.defaultTarget)
      /// A listen's state: "pending", "playing" (held until its play ends) or "rejected" (the server's
      /// 400, kept in `lastError`; waits for `tunes lb retry`). Writes are always "pending".
      t.add(column: "state", .text).notNull().defaults(to: "pending")
      t.add(column: "songId", .integer).references("song", onDelete: .setNull)
      /// A listen's `listened_at` (Unix seconds): listens go out in that order.
      t.add(column: "listenedAt", .integer)
    }
    try db.execute(
      sql: """
        INSERT INTO outbox (action, path, body, label, account, attempts, lastError, createdAt, target, state, songId,
          listenedAt)
        SELECT 'listen', '/1/submit-listens', CAST(payload AS BLOB),
          CASE WHEN json_valid(payload) THEN
            COALESCE(json_extract(payload, '$.track_metadata.artist_name'), '?') || ' – '
              || COALESCE(json_extract(payload, '$.track_metadata.track_name'), '?')
          ELSE '? – ?' END,
          account, attempts, rejection, createdAt, target, state, songId, listenedAt
        FROM pendingListen ORDER BY id
        """)
    try db.drop(table: "pendingListen")
    try db.create(index: "outbox_action_state", on: "outbox", columns: ["action", "state", "target", "listenedAt", "id"])
  }
}
