// The pending-listen table and the submission facts table: every read and write of them goes through
// here. Rows are written before any attempt to send and deleted only after the server's 200.
import Foundation
import GRDB
import TunesLibrary

public struct PendingListen: Codable, Sendable, Equatable, TimestampedRecord, MutablePersistableRecord {
  public static let databaseTableName = "pendingListen"
  /// `playing`: queued when the play counted, held until it ends (its `duration_played` is known then).
  public enum State: String, Codable, Sendable { case pending, rejected, playing }

  public var id: Int64?
  public var songId: Int64?
  /// Unix seconds of the start of the play (ListenBrainz `listened_at`).
  public var listenedAt: Int
  /// The listen's JSON exactly as sent.
  public var payload: String
  public var state: State
  public var rejection: String?
  public var attempts: Int
  public var createdAt: Date
  /// The ListenBrainz user the listen was played under; nil when none was known (logged out, or a
  /// token from TUNES_LISTENBRAINZ_TOKEN). Sent only while logged in as that user; nil: by any login.
  public var account: String? = nil
  /// The server the listen goes to (`Account.target`): one row per target.
  public var target: String = Account.defaultTarget

  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// Keys of the `listenBrainzState` table.
public enum SubmissionFact: String, Sendable, CaseIterable {
  case lastSubmissionAt, lastSubmissionCount, lastError, lastErrorAt
  /// Set when the server answered 401; submitting stops until `tunes lb login` clears it.
  case tokenRejected
  /// Set once a player said "not logged in": said once per database, not at every play or run.
  case loginHintGiven
}

/// The listens of one target (and its facts: last submission, last error, refused token), so each
/// target's submitter drains its own queue. Reads and writes by listen id reach every target's rows.
public struct ListenQueue: Sendable {
  public let library: Library
  public let target: String

  public init(library: Library, target: String = Account.defaultTarget) {
    self.library = library
    self.target = target
  }

  /// Rows of this queue's target.
  private var mine: SQLExpression { Column("target") == target }
  /// This area's tables in the library database.
  private var tables: AreaDatabase { library.database(for: .listens) }

  /// Queues a listen inside the caller's transaction (the one that also counts the play).
  /// `state` `.playing` holds it until `finish` (the play ended) or `releasePlaying` (a player that
  /// quit without saying so).
  @discardableResult
  public static func enqueue(
    _ db: Database, songID: Int64?, listenedAt: Int, payload: Data, createdAt: Date, account: String? = nil,
    state: PendingListen.State = .pending, target: String = Account.defaultTarget
  ) throws -> Int64? {
    var row = PendingListen(
      id: nil, songId: songID, listenedAt: listenedAt, payload: String(decoding: payload, as: UTF8.self),
      state: state, rejection: nil, attempts: 0, createdAt: createdAt, account: account, target: target)
    try row.insert(db)
    return row.id
  }

  /// The play of held listens started at `listenedAt` ended after `playedMs` heard: their
  /// `duration_played` becomes that, and they join the pending listens. Returns how many.
  @discardableResult
  public func finish(listenedAt: Int, playedMs: Int) throws(ListenBrainzError) -> Int {
    try guarded {
      try tables.write { db in
        let held = try PendingListen.filter(Column("state") == PendingListen.State.playing.rawValue)
          .filter(Column("listenedAt") == listenedAt).fetchAll(db)
        for var row in held {
          row.payload = PlayedTime.rewrite(row.payload, playedMs: playedMs) ?? row.payload
          row.state = .pending
          try row.update(db)
        }
        return held.count
      }
    }
  }

  /// Sends held listens as they are (`duration_played` as heard when they counted): their player is
  /// gone without reporting the end (killed, crashed). Returns how many.
  @discardableResult
  public func releasePlaying() throws(ListenBrainzError) -> Int {
    try guarded {
      try tables.write { db in
        try db.execute(sql: "UPDATE pendingListen SET state = 'pending' WHERE state = 'playing'")
        return db.changesCount
      }
    }
  }

  /// The oldest pending listens a login as `user` may send, at most `limit`: those queued under that
  /// user and those queued under none. With `user` nil (not known), only the latter.
  public func nextPending(limit: Int, sendableAs user: String?) throws(ListenBrainzError) -> [PendingListen] {
    try guarded {
      try tables.read { db in
        try PendingListen.filter(Column("state") == PendingListen.State.pending.rawValue).filter(mine)
          .filter(Self.sendable(as: user))
          .order(Column("listenedAt"), Column("id")).limit(limit).fetchAll(db)
      }
    }
  }

  /// How many pending listens a login as `user` may send (see `nextPending`).
  public func countSendable(as user: String?) throws(ListenBrainzError) -> Int {
    try guarded {
      try tables.read { db in
        try PendingListen.filter(Column("state") == PendingListen.State.pending.rawValue).filter(mine)
          .filter(Self.sendable(as: user)).fetchCount(db)
      }
    }
  }

  /// Pending listens queued under an account other than `user`, by account (name order): they wait
  /// until that account logs in again.
  public func waitingForOtherAccounts(than user: String?) throws(ListenBrainzError) -> [AccountCount] {
    try guarded {
      try tables.read { db in
        let rows = try Row.fetchAll(
          db,
          sql: """
            SELECT account, COUNT(*) AS n FROM pendingListen
            WHERE state = 'pending' AND target = ? AND account IS NOT NULL AND account IS NOT ?
            GROUP BY account ORDER BY account
            """, arguments: [target, user])
        return rows.map { AccountCount(account: $0["account"], pending: $0["n"]) }
      }
    }
  }

  /// Rows queued under `user` or under no account.
  static func sendable(as user: String?) -> SQLExpression {
    guard let user else { return Column("account") == nil }
    return Column("account") == nil || Column("account") == user
  }

  public func all() throws(ListenBrainzError) -> [PendingListen] {
    try guarded {
      try tables.read { db in try PendingListen.filter(mine).order(Column("listenedAt"), Column("id")).fetchAll(db) }
    }
  }

  public func count(_ state: PendingListen.State) throws(ListenBrainzError) -> Int {
    try guarded {
      try tables.read { db in try PendingListen.filter(Column("state") == state.rawValue).filter(mine).fetchCount(db) }
    }
  }

  /// Removes listens the server accepted and records the submission.
  public func accepted(ids: [Int64], at date: Date) throws(ListenBrainzError) {
    try guarded {
      try tables.write { db in
        _ = try PendingListen.deleteAll(db, keys: ids)
        try set(db, .lastSubmissionAt, String(Int(date.timeIntervalSince1970)))
        try set(db, .lastSubmissionCount, String(ids.count))
        try set(db, .lastError, nil)
        try set(db, .lastErrorAt, nil)
      }
    }
  }

  /// Parks a listen the server refused (400) with its message; only `retry` sends it again.
  public func reject(id: Int64, message: String) throws(ListenBrainzError) {
    try guarded {
      try tables.write { db in
        try db.execute(
          sql: "UPDATE pendingListen SET state = 'rejected', rejection = ?, attempts = attempts + 1 WHERE id = ?",
          arguments: [message, id])
      }
    }
  }

  public func countAttempt(ids: [Int64]) throws(ListenBrainzError) {
    try guarded {
      try tables.write { db in
        try db.execute(
          sql: "UPDATE pendingListen SET attempts = attempts + 1 WHERE id IN (\(ids.map(String.init).joined(separator: ",")))")
      }
    }
  }

  /// Puts a rejected listen back in line. Returns false when it was pending already (nothing to do).
  /// A listen over the size limit stays rejected (`.listenTooLarge`): the server would refuse it again.
  @discardableResult
  public func retry(id: Int64) throws(ListenBrainzError) -> Bool {
    let state: String? = try guarded {
      try tables.write { db in
        let row = try PendingListen.fetchOne(db, key: id)
        let state = row?.state.rawValue
        if let row, ListenSize.isTooLarge(row.payload) {
          throw ListenBrainzError.listenTooLarge(id: id, bytes: ListenSize.bytesAlone(row.payload))
        }
        if state == PendingListen.State.rejected.rawValue {
          try db.execute(sql: "UPDATE pendingListen SET state = 'pending', rejection = NULL WHERE id = ?", arguments: [id])
        }
        return state
      }
    }
    guard let state else { throw .noSuchListen(id: id) }
    return state == PendingListen.State.rejected.rawValue
  }

  public func fact(_ key: SubmissionFact) throws(ListenBrainzError) -> String? {
    try guarded {
      try tables.read { db in
        try String.fetchOne(db, sql: "SELECT value FROM listenBrainzState WHERE key = ?", arguments: [self.key(key)])
      }
    }
  }

  public func setFact(_ key: SubmissionFact, _ value: String?) throws(ListenBrainzError) {
    try guarded { try tables.write { db in try set(db, key, value) } }
  }

  public func recordError(_ message: String, at date: Date) throws(ListenBrainzError) {
    try guarded {
      try tables.write { db in
        try set(db, .lastError, message)
        try set(db, .lastErrorAt, String(Int(date.timeIntervalSince1970)))
      }
    }
  }

  /// A fact's key: as it always was for the default target, `key@target` for the others.
  func key(_ fact: SubmissionFact) -> String {
    target == Account.defaultTarget ? fact.rawValue : "\(fact.rawValue)@\(target)"
  }

  func set(_ db: Database, _ fact: SubmissionFact, _ value: String?) throws {
    if let value {
      try db.execute(sql: "INSERT OR REPLACE INTO listenBrainzState(key, value) VALUES (?, ?)", arguments: [key(fact), value])
    } else {
      try db.execute(sql: "DELETE FROM listenBrainzState WHERE key = ?", arguments: [key(fact)])
    }
  }

  private func guarded<T>(_ body: () throws -> T) throws(ListenBrainzError) -> T {
    do { return try body() } catch let error as ListenBrainzError { throw error } catch {
      throw .database(reason: "\(library.path): \(error)")
    }
  }
}
