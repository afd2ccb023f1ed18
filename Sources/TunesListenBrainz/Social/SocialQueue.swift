// The writes commands make (follow, recommend, review, feed actions, love/hate, pins), as one kind of
// row of the one outbox (Outbox): each write is stored first, with the account that made it, and sent
// oldest first, so `follow bob` then `unfollow bob` given offline still ends not following, and a write
// only ever goes out with its own account's token. A write is dropped after the server's answer, kept
// for a failure worth retrying (network, 429, 5xx), and kept (stopping the flush) for a refused token.
// Rows without an account (queued before tunes kept it) are held until claimed. A row is marked before
// it is sent (Outbox.claim), so two processes draining at once never send it twice.
import Foundation
import GRDB
import TunesLibrary

public struct PendingSocial: Codable, Sendable, Equatable, TimestampedRecord, OutboxRow {
  public static let databaseTableName = Outbox.table
  /// Every row that is not a listen.
  public static var kind: SQLExpression { Column("action") != PendingListen.action }
  public var id: Int64?
  public var action: String
  public var path: String
  public var body: Data
  public var label: String
  /// The user the write was made as; nil: held (queued before tunes kept the account).
  public var account: String?
  public var attempts: Int
  public var lastError: String?
  public var createdAt: Date
  public var sendingSince: Date?

  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

  public var write: SocialWrite? {
    SocialWrite.Action(rawValue: action).map { SocialWrite(action: $0, path: path, body: body, label: label) }
  }
}

public struct SocialQueue: Sendable {
  public struct FlushReport: Sendable {
    /// Accepted, with the server's answer.
    public var sent: [(PendingSocial, Data)] = []
    /// Refused for good (400, 403, 404, unknown user): dropped, with why.
    public var dropped: [(PendingSocial, SocialError)] = []
    /// Why the flush stopped early; that row and the later ones stay queued.
    public var stoppedBy: SocialError?
    /// Another process is sending the next row: this flush left it, and the later ones, to it.
    public var busy = false
    public var remaining: Int = 0

    public func outcome(of id: Int64?) -> Result<Data, SocialError>? {
      if let hit = sent.first(where: { $0.0.id == id }) { return .success(hit.1) }
      if let hit = dropped.first(where: { $0.0.id == id }) { return .failure(hit.1) }
      return nil
    }
  }

  public let library: Library
  private let outbox: Outbox

  public init(library: Library) {
    self.library = library
    outbox = Outbox(library: library)
  }

  @discardableResult
  public func enqueue(_ write: SocialWrite, account: String, at date: Date = Date()) throws(SocialError) -> PendingSocial {
    var row = PendingSocial(
      id: nil, action: write.action.rawValue, path: write.path, body: write.body, label: write.label, account: account,
      attempts: 0, lastError: nil, createdAt: date, sendingSince: nil)
    try guarded { try outbox.tables.write { db in try row.insert(db) } }
    return row
  }

  /// Rows `account` sends, oldest first: only its own (held rows wait for a claim).
  public func pending(for account: String?) throws(SocialError) -> [PendingSocial] {
    guard let account else { return [] }
    return try guarded { try outbox.rows(PendingSocial.self, Column("account") == account) }
  }

  public func all() throws(SocialError) -> [PendingSocial] {
    try guarded { try outbox.rows(PendingSocial.self) }
  }

  /// Rows queued with no account (before tunes kept it): never sent until claimed.
  public func held() throws(SocialError) -> [PendingSocial] {
    try guarded { try outbox.rows(PendingSocial.self, Column("account") == nil) }
  }

  /// Gives the held rows to `account` (the user says they are theirs); returns how many.
  @discardableResult
  public func claimHeld(for account: String) throws(SocialError) -> Int {
    try guarded {
      try outbox.tables.write { db in
        try PendingSocial.filter(PendingSocial.kind).filter(Column("account") == nil).updateAll(
          db, Column("account").set(to: account))
      }
    }
  }

  /// Sends `account`'s queued writes oldest first; stops at the first failure worth retrying or a refused token.
  public func flush(using social: Social, account: String?) async throws(SocialError) -> FlushReport {
    var report = FlushReport()
    for row in try pending(for: account) {
      guard let write = row.write else {
        try delete(row)
        report.dropped.append((row, .refused(message: "unknown queued action \(row.action)")))
        continue
      }
      guard try claim(row) else {
        report.busy = true
        break
      }
      do throws(SocialError) {
        let answer: Data
        if let copy = try await earlierCopy(of: row, write: write, social: social) {
          answer = copy
        } else {
          answer = try await social.send(write)
        }
        try delete(row)
        report.sent.append((row, answer))
      } catch {
        if error.isTransient || error.isTokenRefusal {
          try release(row, error: error)
          report.stoppedBy = error
          break
        }
        try delete(row)
        report.dropped.append((row, error))
      }
    }
    report.remaining = try pending(for: account).count
    return report
  }

  /// A recommendation whose earlier send got no answer may have been stored: the user's own feed
  /// tells, so it is looked for there (the server's event, as its answer) instead of made twice.
  func earlierCopy(of row: PendingSocial, write: SocialWrite, social: Social) async throws(SocialError) -> Data? {
    guard row.attempts > 0, write.action == .recommend || write.action == .recommendPersonal, let account = row.account
    else { return nil }
    let sent = (try? JSONSerialization.jsonObject(with: write.body)) as? [String: Any]
    let metadata = sent?["metadata"] as? [String: Any]
    let mbid = metadata?["recording_mbid"] as? String
    let msid = metadata?["recording_msid"] as? String
    let kind: FeedEvent.Kind = write.action == .recommend ? .recommendation : .personalRecommendation
    // Events are dated in whole seconds by the server: a second's slack before the row was made.
    let since = Int(row.createdAt.timeIntervalSince1970) - 1
    // Both ends given: with min_ts alone the server's window may stop short of now.
    let page = try await social.feed(
      user: account, view: .events, count: 100, olderThan: Int(Date().timeIntervalSince1970) + 60, newerThan: since)
    let match = page.events.first { event in
      event.kind == kind && event.user.lowercased() == account.lowercased()
        && ((mbid != nil && event.track?.recordingMbid == mbid) || (msid != nil && event.track?.recordingMsid == msid))
    }
    guard let match else { return nil }
    return SocialWrite.json(["id": match.id ?? 0, "created": match.created ?? 0, "event_type": kind.rawValue])
  }

  /// Marks the row as being sent by this process; false when another process is sending it.
  private func claim(_ row: PendingSocial) throws(SocialError) -> Bool {
    guard let id = row.id else { return false }
    return try guarded { try outbox.claim([id]) }
  }

  private func release(_ row: PendingSocial, error: SocialError) throws(SocialError) {
    guard let id = row.id else { return }
    try guarded { try outbox.release([id], attempt: true, failure: error.description) }
  }

  private func delete(_ row: PendingSocial) throws(SocialError) {
    guard let id = row.id else { return }
    try guarded { try outbox.tables.write { db in try outbox.delete([id], db) } }
  }

  private func guarded<T>(_ body: () throws -> T) throws(SocialError) -> T {
    do { return try body() } catch { throw .dashboard(.database(reason: "\(error)")) }
  }
}
