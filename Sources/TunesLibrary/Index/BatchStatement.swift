// One prepared statement of the indexer's batch writes (song rows, their full-text and songTag rows),
// bound value by value and stepped through SQLite's C interface. A first index binds some 700,000 values:
// through GRDB's StatementArguments each was boxed in an existential, converted to a DatabaseValue and
// checked, which cost as much CPU as SQLite's own work on the rows. The values are bound exactly as GRDB
// binds them (Bool as 0/1, text copied), so the rows are the same. Nothing observes these tables through
// GRDB (no TransactionObserver), so stepping past GRDB's execute loses nothing.
import GRDB
import GRDBSQLite

struct BatchStatement {
  /// SQLite copies the bytes it is given before the bind call returns.
  private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

  /// Kept for its life: GRDB finalizes the SQLite statement when it goes.
  private let statement: Statement
  private let handle: OpaquePointer
  private let connection: OpaquePointer?
  /// The parameter the next `bind` sets (SQLite counts from 1).
  private var index: Int32 = 1
  /// The first bind that SQLite refused since the last run (a text over SQLite's length limit, no memory):
  /// the parameter would keep the last row's value, so `run` throws rather than step.
  private var refusedBind: Int32 = SQLITE_OK

  init(_ db: Database, sql: String) throws {
    statement = try db.makeStatement(sql: sql)
    handle = statement.sqliteStatement
    connection = db.sqliteConnection
  }

  mutating func bind(_ text: String?) {
    defer { index += 1 }
    guard let text else {
      note(sqlite3_bind_null(handle, index))
      return
    }
    // Native strings lend their bytes in place; `withUTF8` would need a copy of the string to mutate.
    let code =
      text.utf8.withContiguousStorageIfAvailable { bytes in bindText(bytes) }
      ?? {
        var text = text
        return text.withUTF8 { bytes in bindText(bytes) }
      }()
    note(code)
  }

  /// SQLite's result code for binding `bytes` as text at `index`.
  private func bindText(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
    // A nil pointer would bind NULL, not the empty string.
    let base = bytes.baseAddress ?? UnsafePointer(("" as StaticString).utf8Start)
    // SQLite takes the length as an Int32: a longer text is refused, not cut short.
    guard let count = Int32(exactly: bytes.count) else { return SQLITE_TOOBIG }
    return sqlite3_bind_text(handle, index, base, count, Self.transient)
  }

  /// Keeps the first refusal until `run`.
  private mutating func note(_ code: Int32) {
    if code != SQLITE_OK && refusedBind == SQLITE_OK { refusedBind = code }
  }

  mutating func bind(_ value: Int?) {
    defer { index += 1 }
    guard let value else {
      note(sqlite3_bind_null(handle, index))
      return
    }
    note(sqlite3_bind_int64(handle, index, Int64(value)))
  }

  mutating func bind(_ value: Int64?) { bind(value.map(Int.init)) }

  mutating func bind(_ value: Bool) { bind(value ? 1 : 0) }

  mutating func bind(_ value: Double?) {
    defer { index += 1 }
    guard let value else {
      note(sqlite3_bind_null(handle, index))
      return
    }
    note(sqlite3_bind_double(handle, index, value))
  }

  /// Runs the statement with the values bound since the last run, and makes it ready for the next.
  mutating func run() throws {
    precondition(index - 1 == sqlite3_bind_parameter_count(handle), "\(index - 1) values bound to \(statement.sql)")
    index = 1
    let refused = refusedBind
    refusedBind = SQLITE_OK
    guard refused == SQLITE_OK else {
      sqlite3_reset(handle)
      throw DatabaseError(
        resultCode: ResultCode(rawValue: refused), message: String(cString: sqlite3_errstr(refused)), sql: statement.sql)
    }
    let code = sqlite3_step(handle)
    sqlite3_reset(handle)
    guard code == SQLITE_DONE else {
      let message = connection.map { String(cString: sqlite3_errmsg($0)) }
      throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
    }
  }
}
