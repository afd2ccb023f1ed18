// The indexer's batch statement binds through SQLite's C interface: a value SQLite refuses to bind (here a
// text past the connection's length limit) fails the run with SQLite's error, rather than stepping with
// the parameter left NULL and storing a row the file never had.
import Foundation
import GRDB
import GRDBSQLite
import Testing

@testable import TunesLibrary

@Suite struct BatchStatementTests {
  @Test func aRefusedBindFailsTheRunAndStoresNothing() throws {
    let queue = try DatabaseQueue()
    let stored = try queue.write { db -> [String?] in
      try db.execute(sql: "CREATE TABLE t(a TEXT, b INTEGER)")
      // Texts and blobs of more than 16 bytes are too big on this connection.
      sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_LENGTH, 16)
      var statement = try BatchStatement(db, sql: "INSERT INTO t(a, b) VALUES (?, ?)")
      statement.bind("short")
      statement.bind(1)
      try statement.run()
      statement.bind(String(repeating: "long ", count: 10))
      statement.bind(2)
      do {
        try statement.run()
        Issue.record("a text past the length limit was stored")
      } catch let error as DatabaseError {
        #expect(error.resultCode == .SQLITE_TOOBIG)
      }
      // The statement goes on with the next row's values.
      statement.bind("next")
      statement.bind(3)
      try statement.run()
      return try String?.fetchAll(db, sql: "SELECT a FROM t ORDER BY b")
    }
    #expect(stored == ["short", "next"])
  }
}
