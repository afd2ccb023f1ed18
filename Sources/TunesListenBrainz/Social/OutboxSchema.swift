// Migration `outbox-v1` of the dashboards' area: one outbox for every write a command makes
// (pendingSocial, SocialQueue). Love/hate/unrate had a table of their own (pendingFeedback) with no
// account, so a love queued offline as one user went out with whoever logged in next. Its rows move
// into the outbox as feedback writes, byte for byte as they would have been sent, with no account:
// the outbox never sends a row without an account. They are held, listed by `tunes lb status`, until
// `tunes lb flush --claim-held` sends them as the user logged in then (the migration cannot know who
// queued them, and sending as the wrong user is worse than asking).
// `sendingSince` marks a row a process is sending, so two processes draining the outbox at once (the
// player's submitter and a command) never send the same row twice.
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
}
