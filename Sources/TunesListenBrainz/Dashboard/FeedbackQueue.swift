// Love/hate/unrate that could not reach ListenBrainz: queued in the library database in the order
// given and sent by the next flush (the next feedback command, or the submitter's pass), oldest first,
// so a later "unrate" still wins over an earlier "love".
import Foundation
import GRDB
import TunesLibrary

public struct PendingFeedback: Codable, Sendable, Equatable, TimestampedRecord, MutablePersistableRecord {
  public static let databaseTableName = "pendingFeedback"
  public var id: Int64?
  public var recordingMbid: String?
  public var recordingMsid: String?
  public var score: Int
  public var label: String
  public var attempts: Int
  public var lastError: String?
  public var createdAt: Date

  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

public struct FeedbackQueue: Sendable {
  public struct FlushReport: Sendable, Equatable {
    public var sent: [PendingFeedback] = []
    /// Refused for good (400): dropped with the server's message.
    public var dropped: [(PendingFeedback, String)] = []
    /// Why the flush stopped early (network, 5xx, 429, 401); the rest stays queued.
    public var stoppedBy: DashboardError?
    public var remaining: Int = 0

    public static func == (a: FlushReport, b: FlushReport) -> Bool {
      a.sent == b.sent && a.dropped.map(\.0) == b.dropped.map(\.0) && a.stoppedBy == b.stoppedBy && a.remaining == b.remaining
    }
  }

  public let library: Library

  public init(library: Library) { self.library = library }
  /// This area's tables in the library database.
  private var tables: AreaDatabase { library.database(for: .dashboard) }

  @discardableResult
  public func enqueue(recordingMbid: String?, recordingMsid: String?, score: FeedbackScore, label: String, at date: Date = Date())
    throws(DashboardError) -> PendingFeedback
  {
    var row = PendingFeedback(
      id: nil, recordingMbid: recordingMbid, recordingMsid: recordingMsid, score: score.rawValue, label: label, attempts: 0,
      lastError: nil, createdAt: date)
    try guarded { try tables.write { db in try row.insert(db) } }
    return row
  }

  public func pending() throws(DashboardError) -> [PendingFeedback] {
    try guarded { try tables.read { db in try PendingFeedback.order(Column("id")).fetchAll(db) } }
  }

  /// Sends queued feedback oldest first; stops at the first failure worth retrying.
  public func flush(using dashboard: Dashboard) async throws(DashboardError) -> FlushReport {
    var report = FlushReport()
    for row in try pending() {
      let score = FeedbackScore(rawValue: row.score) ?? .none
      do {
        try await dashboard.sendFeedback(recordingMbid: row.recordingMbid, recordingMsid: row.recordingMsid, score: score)
        try delete(row)
        report.sent.append(row)
      } catch .refused(let message) {
        try delete(row)
        report.dropped.append((row, message))
      } catch {
        let failed = error
        try guarded {
          try tables.write { db in
            try db.execute(
              sql: "UPDATE pendingFeedback SET attempts = attempts + 1, lastError = ? WHERE id = ?",
              arguments: [failed.description, row.id])
          }
        }
        report.stoppedBy = failed
        break
      }
    }
    report.remaining = try pending().count
    return report
  }

  private func delete(_ row: PendingFeedback) throws(DashboardError) {
    try guarded { _ = try tables.write { db in try PendingFeedback.deleteOne(db, key: row.id) } }
  }

  private func guarded<T>(_ body: () throws -> T) throws(DashboardError) -> T {
    do { return try body() } catch { throw .database(reason: "\(error)") }
  }
}
