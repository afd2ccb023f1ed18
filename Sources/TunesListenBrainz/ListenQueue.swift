// The listens of the one outbox (Outbox), and the submission facts table: every read and write of them
// goes through here. A listen is written before any attempt to send it, marked while it is being sent,
// and deleted only after the server's 200.
import Foundation
import GRDB
import TunesLibrary

public struct PendingListen: Codable, Sendable, Equatable, TimestampedRecord, OutboxRow {
  public static let databaseTableName = Outbox.table
  /// The outbox action of a listen (every other action is a command's write, PendingSocial).
  public static let action = "listen"
  public static var kind: SQLExpression { Column("action") == action }
  /// `playing`: queued when the play counted, held until it ends (its `duration_played` is known then).
  public enum State: String, Codable, Sendable { case pending, rejected, playing }

  public var id: Int64?
  public var songId: Int64?
  /// Unix seconds of the start of the play (ListenBrainz `listened_at`).
  public var listenedAt: Int
  /// The listen's JSON exactly as it is sent, written once in that form (ListenPayload).
  public var body: Data
  /// "Artist – Title", for `tunes lb queue` and messages.
  public var label: String
  public var state: State
  /// The server's message for a rejected listen.
  public var rejection: String?
  public var attempts: Int
  public var createdAt: Date
  /// The ListenBrainz user the listen was played under; nil when none was known (logged out, or a
  /// token from TUNES_LISTENBRAINZ_TOKEN). Sent only while logged in as that user; nil: by any login.
  public var account: String? = nil
  /// The server the listen goes to (`Account.target`): one row per target.
  public var target: String = Account.defaultTarget
  /// Set while a process sends it (Outbox.claim).
  public var sendingSince: Date? = nil
  var action = PendingListen.action
  var path = "/1/submit-listens"

  enum CodingKeys: String, CodingKey {
    case id, songId, listenedAt, body, label, state, attempts, createdAt, account, target, sendingSince, action, path
    case rejection = "lastError"
  }

  public init(
    id: Int64? = nil, songId: Int64?, listenedAt: Int, body: Data, label: String, state: State = .pending,
    rejection: String? = nil, attempts: Int = 0, createdAt: Date, account: String? = nil,
    target: String = Account.defaultTarget
  ) {
    self.id = id
    self.songId = songId
    self.listenedAt = listenedAt
    self.body = body
    self.label = label
    self.state = state
    self.rejection = rejection
    self.attempts = attempts
    self.createdAt = createdAt
    self.account = account
    self.target = target
  }

  /// The body as text, for messages.
  public var payload: String { String(decoding: body, as: UTF8.self) }

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
  private let outbox: Outbox

  public init(library: Library, target: String = Account.defaultTarget) {
    self.library = library
    self.target = target
    outbox = Outbox(library: library)
  }

  /// Rows of this queue's target.
  private var mine: SQLExpression { Column("target") == target }
  private static func state(_ state: PendingListen.State) -> SQLExpression { Column("state") == state.rawValue }
  /// The facts' table in the library database.
  private var tables: AreaDatabase { library.database(for: .listens) }
  private static let order = [Column("listenedAt"), Column("id")]

  /// Queues a listen inside the caller's transaction (the one that also counts the play).
  /// `state` `.playing` holds it until `finish` (the play ended) or `releasePlaying` (a player that
  /// quit without saying so).
  @discardableResult
  public static func enqueue(
    _ db: Database, songID: Int64?, listenedAt: Int, body: Data, label: String, createdAt: Date, account: String? = nil,
    state: PendingListen.State = .pending, target: String = Account.defaultTarget
  ) throws -> Int64? {
    var row = PendingListen(
      songId: songID, listenedAt: listenedAt, body: body, label: label, state: state, createdAt: createdAt,
      account: account, target: target)
    try row.insert(db)
    return row.id
  }

  /// The play of held listens started at `listenedAt` ended: their body becomes `final(row)` (the
  /// listen with its `duration_played`, nil: as it is), and they join the pending listens. Returns how many.
  @discardableResult
  public func finish(listenedAt: Int, final: (PendingListen) -> Data?) throws(ListenBrainzError) -> Int {
    try guarded {
      try outbox.tables.write { db in
        let held = try PendingListen.filter(PendingListen.kind).filter(Self.state(.playing))
          .filter(Column("listenedAt") == listenedAt).fetchAll(db)
        for var row in held {
          row.body = final(row) ?? row.body
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
      try outbox.tables.write { db in
        try PendingListen.filter(PendingListen.kind).filter(Self.state(.playing)).updateAll(
          db, Column("state").set(to: PendingListen.State.pending.rawValue))
      }
    }
  }

  /// The oldest pending listens a login as `user` may send and no other process is sending, at most
  /// `limit`: those queued under that user and those queued under none. With `user` nil (not known),
  /// only the latter.
  public func nextPending(limit: Int, sendableAs user: String?) throws(ListenBrainzError) -> [PendingListen] {
    try guarded {
      try outbox.rows(
        PendingListen.self,
        Self.state(.pending) && mine && Self.sendable(as: user) && Outbox.notBeingSent(at: Date()), order: Self.order,
        limit: limit)
    }
  }

  /// How many pending listens a login as `user` may send (see `nextPending`).
  public func countSendable(as user: String?) throws(ListenBrainzError) -> Int {
    try guarded { try outbox.count(PendingListen.self, Self.state(.pending) && mine && Self.sendable(as: user)) }
  }

  /// Pending listens queued under an account other than `user`, by account (name order): they wait
  /// until that account logs in again.
  public func waitingForOtherAccounts(than user: String?) throws(ListenBrainzError) -> [AccountCount] {
    try guarded {
      try outbox.tables.read { db in
        let rows = try Row.fetchAll(
          db,
          sql: """
            SELECT account, COUNT(*) AS n FROM outbox
            WHERE action = ? AND state = 'pending' AND target = ? AND account IS NOT NULL AND account IS NOT ?
            GROUP BY account ORDER BY account
            """, arguments: [PendingListen.action, target, user])
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
    try guarded { try outbox.rows(PendingListen.self, mine, order: Self.order) }
  }

  public func count(_ state: PendingListen.State) throws(ListenBrainzError) -> Int {
    try guarded { try outbox.count(PendingListen.self, Self.state(state) && mine) }
  }

  /// Marks a batch as being sent by this process, before it is sent; false when another process is
  /// sending (or sent) any of it.
  public func claim(ids: [Int64]) throws(ListenBrainzError) -> Bool {
    try guarded { try outbox.claim(ids) }
  }

  /// A batch not sent after all (or sent and not taken): it waits for the next pass.
  public func release(ids: [Int64]) throws(ListenBrainzError) {
    try guarded { try outbox.release(ids) }
  }

  /// Removes listens the server accepted and records the submission.
  public func accepted(ids: [Int64], at date: Date) throws(ListenBrainzError) {
    try guarded {
      try tables.write { db in
        try outbox.delete(ids, db)
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
      try outbox.tables.write { db in
        try db.execute(
          sql: """
            UPDATE outbox SET state = 'rejected', lastError = ?, attempts = attempts + 1, sendingSince = NULL
            WHERE id = ? AND action = ?
            """,
          arguments: [message, id, PendingListen.action])
      }
    }
  }

  /// A failed try of a batch: counted, and the batch waits for the next pass.
  public func countAttempt(ids: [Int64]) throws(ListenBrainzError) {
    try guarded { try outbox.release(ids, attempt: true) }
  }

  /// Puts a rejected listen back in line. Returns false when it was pending already (nothing to do).
  /// A listen over the size limit stays rejected (`.listenTooLarge`): the server would refuse it again.
  @discardableResult
  public func retry(id: Int64) throws(ListenBrainzError) -> Bool {
    let state: String? = try guarded {
      try outbox.tables.write { db in
        let row = try PendingListen.filter(PendingListen.kind).filter(key: id).fetchOne(db)
        let state = row?.state.rawValue
        if let row, ListenSize.isTooLarge(row.body) {
          throw ListenBrainzError.listenTooLarge(id: id, bytes: ListenSize.bytesAlone(row.body))
        }
        if state == PendingListen.State.rejected.rawValue {
          try db.execute(sql: "UPDATE outbox SET state = 'pending', lastError = NULL WHERE id = ?", arguments: [id])
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
      throw ListenBrainzError.locked(error, path: library.path) ?? .database(reason: "\(library.path): \(error)")
    }
  }
}
