// Whose listens: each queued listen keeps the account it was played under, and only a login as that
// account sends it (listens of no account go to the next login). Against the fake server with two users.
import Foundation
import GRDB
import Testing
import TunesCore
@testable import TunesLibrary
@testable import TunesListenBrainz

@Suite struct AccountQueueTests {
  /// A database queued by a tunes without accounts: the migration keeps its listens, with no account,
  /// so the next login sends them as before.
  @Test func migrationKeepsQueuedListensWithoutAccount() async throws {
    let path = try temporaryFolder() + "/library.db"
    do {
      let old = try DatabaseQueue(path: path)
      try Schema.migrator.migrate(old, upTo: "dashboard-v1")
      try await old.write { db in
        try db.execute(
          sql: "INSERT INTO pendingListen(listenedAt, payload, state, createdAt) VALUES (?, ?, 'pending', ?)",
          arguments: [1_700_000_000, #"{"listened_at":1700000000,"track_metadata":{"artist_name":"A","track_name":"T"}}"#, Date()])
      }
      try old.close()
    }
    let library = try Library(path: path)
    let migrated = try await library.pool.read { db in try db.columns(in: "pendingListen").map(\.name) }
    #expect(migrated.contains("account"))
    let rows = try ListenQueue(library: library).all()
    #expect(rows.count == 1)
    #expect(rows.first?.listenedAt == 1_700_000_000)
    #expect(rows.first?.account == nil)
  }
}
