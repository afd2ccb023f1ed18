// Social writes that wait for ListenBrainz: each write is stored first and the queue sent oldest
// first, so `follow bob` then `unfollow bob` given offline still ends not following. A write is
// dropped after the server's answer, kept for a failure worth retrying (network, 429, 5xx), and kept
// (stopping the flush) for a refused token. Writes queued under another account wait for its login.
import Foundation
import GRDB
import TunesLibrary

public struct PendingSocial: Codable, Sendable, Equatable, TimestampedRecord, MutablePersistableRecord {
  public static let databaseTableName = "pendingSocial"
  public var id: Int64?
  public var action: String
  public var path: String
  public var body: Data
  public var label: String
  public var account: String?
  public var attempts: Int
  public var lastError: String?
  public var createdAt: Date

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
    public var remaining: Int = 0

    public func outcome(of id: Int64?) -> Result<Data, SocialError>? {
      if let hit = sent.first(where: { $0.0.id == id }) { return .success(hit.1) }
      if let hit = dropped.first(where: { $0.0.id == id }) { return .failure(hit.1) }
      return nil
    }
  }

  public let library: Library

  public init(library: Library) { self.library = library }
  private var tables: AreaDatabase { library.database(for: .dashboard) }

  @discardableResult
  public func enqueue(_ write: SocialWrite, account: String?, at date: Date = Date()) throws(SocialError) -> PendingSocial {
    var row = PendingSocial(
      id: nil, action: write.action.rawValue, path: write.path, body: write.body, label: write.label, account: account,
      attempts: 0, lastError: nil, createdAt: date)
    try guarded { try tables.write { db in try row.insert(db) } }
    return row
  }

  /// Rows `account` may send: its own and those of no known account, oldest first.
  public func pending(for account: String?) throws(SocialError) -> [PendingSocial] {
    try guarded {
      try tables.read { db in
        try PendingSocial.filter(Column("account") == account || Column("account") == nil).order(Column("id")).fetchAll(db)
      }
    }
  }

  public func all() throws(SocialError) -> [PendingSocial] {
    try guarded { try tables.read { db in try PendingSocial.order(Column("id")).fetchAll(db) } }
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
      do {
        let answer = try await social.send(write)
        try delete(row)
        report.sent.append((row, answer))
      } catch {
        if error.isTransient || error.isTokenRefusal {
          let failed = error
          try guarded {
            try tables.write { db in
              try db.execute(
                sql: "UPDATE pendingSocial SET attempts = attempts + 1, lastError = ? WHERE id = ?",
                arguments: [failed.description, row.id])
            }
          }
          report.stoppedBy = failed
          break
        }
        try delete(row)
        report.dropped.append((row, error))
      }
    }
    report.remaining = try pending(for: account).count
    return report
  }

  private func delete(_ row: PendingSocial) throws(SocialError) {
    try guarded { _ = try tables.write { db in try PendingSocial.deleteOne(db, key: row.id) } }
  }

  private func guarded<T>(_ body: () throws -> T) throws(SocialError) -> T {
    do { return try body() } catch { throw .dashboard(.database(reason: "\(error)")) }
  }
}
