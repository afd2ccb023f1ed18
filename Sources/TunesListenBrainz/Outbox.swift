// The one outbox: every write to ListenBrainz that waits to be sent, listens and the writes commands
// make (love/hate, pins, follows, recommendations, reviews), in one table owned here. Each kind reads
// its own rows (OutboxRow) and keeps its own rules of sending (a listen goes in batches and is parked
// on a 400, a write goes alone, oldest first); what they share lives here: a row is stored before any
// attempt and leaves only after the server's answer; it is sent only with its own account's token; and
// a row being sent is marked (`sendingSince`), so two processes draining the outbox at once (the
// player's submitter and `tunes lb flush`) never send it twice. A mark older than `staleClaim` belongs
// to a process that died mid-request, and the row goes again, byte for byte the same.
import Foundation
import GRDB
import TunesLibrary

/// One kind of row of the outbox, read and written as its own record over the one table.
public protocol OutboxRow: FetchableRecord, MutablePersistableRecord, Sendable {
  /// Which rows of the table are of this kind.
  static var kind: SQLExpression { get }
}

public struct Outbox: Sendable {
  public static let table = "outbox"
  /// A send mark older than this belongs to a process that died mid-request (requests time out in 30 s).
  public static let staleClaim: TimeInterval = 120

  public let library: Library

  public init(library: Library) { self.library = library }

  /// The outbox's table in the library database (the dashboards' area, where the outbox began).
  var tables: AreaDatabase { library.database(for: .dashboard) }

  /// Rows of `Row`'s kind matching `filter`, in `order`, at most `limit`.
  func rows<Row: OutboxRow>(
    _ type: Row.Type, _ filter: SQLExpression = true.sqlExpression, order: [any SQLOrderingTerm] = [Column("id")],
    limit: Int? = nil
  ) throws -> [Row] {
    try tables.read { db in
      var request = Row.filter(Row.kind).filter(filter).order(order)
      if let limit { request = request.limit(limit) }
      return try request.fetchAll(db)
    }
  }

  func count<Row: OutboxRow>(_ type: Row.Type, _ filter: SQLExpression = true.sqlExpression) throws -> Int {
    try tables.read { db in try Row.filter(Row.kind).filter(filter).fetchCount(db) }
  }

  /// Rows no live process is sending at `now`.
  static func notBeingSent(at now: Date) -> SQLExpression {
    Column("sendingSince") == nil || Column("sendingSince") < DatabaseTimestamp.text(now.addingTimeInterval(-staleClaim))
  }

  /// Marks every row of `ids` as being sent by this process, or none: false when another process is
  /// sending any of them, or sent it already.
  func claim(_ ids: [Int64], at now: Date = Date()) throws -> Bool {
    guard !ids.isEmpty else { return true }
    // Dates as the library's timestamp text (GRDB's DateFormatter would load ICU into the player).
    let cutoff = DatabaseTimestamp.text(now.addingTimeInterval(-Self.staleClaim))
    return try tables.write { db in
      let free = try Int.fetchOne(
        db, sql: "SELECT count(*) FROM outbox WHERE id IN (\(Self.list(ids))) AND (sendingSince IS NULL OR sendingSince < ?)",
        arguments: [cutoff])
      guard free == ids.count else { return false }
      try db.execute(
        sql: "UPDATE outbox SET sendingSince = ? WHERE id IN (\(Self.list(ids)))", arguments: [DatabaseTimestamp.text(now)])
      return true
    }
  }

  /// Ends this process's sending of `ids` without sending them: they wait for the next pass.
  /// `attempt`: the try counts (a failure worth retrying); `failure`: why, kept as the row's last error.
  func release(_ ids: [Int64], attempt: Bool = false, failure: String? = nil) throws {
    guard !ids.isEmpty else { return }
    try tables.write { db in
      var set = "sendingSince = NULL"
      if attempt { set += ", attempts = attempts + 1" }
      if failure != nil { set += ", lastError = ?" }
      try db.execute(
        sql: "UPDATE outbox SET \(set) WHERE id IN (\(Self.list(ids)))", arguments: StatementArguments(failure.map { [$0] } ?? [])
      )
    }
  }

  /// Removes rows the server answered.
  func delete(_ ids: [Int64], _ db: Database) throws {
    guard !ids.isEmpty else { return }
    try db.execute(sql: "DELETE FROM outbox WHERE id IN (\(Self.list(ids)))")
  }

  /// Ids as an SQL list (integers only: nothing to escape).
  static func list(_ ids: [Int64]) -> String { ids.map(String.init).joined(separator: ",") }
}
