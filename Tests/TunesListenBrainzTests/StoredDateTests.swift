// The queued listens and writes store their dates as the library's timestamp text, written without
// GRDB's DateFormatter (which loads ICU into every `tunes play` that counts a listen).
import Foundation
import GRDB
import Testing

@testable import TunesLibrary
@testable import TunesListenBrainz

@Suite struct StoredDateTests {
  @Test func queuedRecordsUseTheLibrarysTimestamps() {
    for strategy in [
      PendingListen.databaseDateEncodingStrategy(for: "createdAt"),
      PendingSocial.databaseDateEncodingStrategy(for: "createdAt"),
    ] {
      guard case .custom = strategy else {
        Issue.record("dates encoded with \(strategy), not DatabaseTimestamp")
        continue
      }
    }
  }

  @Test func aQueuedListensDateIsStoredAsTimestampTextAndReadBack() throws {
    let library = try temporaryLibrary()
    let created = Date(timeIntervalSince1970: 1_700_000_000.123)
    let id = try library.pool.write { db in
      try ListenQueue.enqueue(
        db, songID: nil, listenedAt: 1_700_000_000, body: Data("{}".utf8), label: "A – T", createdAt: created)
    }
    let stored = try library.pool.read { db in
      try String.fetchOne(db, sql: "SELECT createdAt FROM outbox WHERE id = ?", arguments: [id])
    }
    #expect(stored == "2023-11-14 22:13:20.123")
    let listen = try #require(try ListenQueue(library: library).all().first)
    #expect(abs(listen.createdAt.timeIntervalSince(created)) < 0.000_5)
  }

  @Test func queuedWriteDateIsStoredAsTimestampText() throws {
    let library = try temporaryLibrary()
    let created = Date(timeIntervalSince1970: 86_400 * 365.25 * 30 + 0.5)
    let row = try SocialQueue(library: library).enqueue(
      .feedback(recordingMbid: nil, recordingMsid: "m", score: .love, label: "A"), account: "alice", at: created)
    let stored = try library.pool.read { db in
      try String.fetchOne(db, sql: "SELECT createdAt FROM outbox WHERE id = ?", arguments: [row.id])
    }
    #expect(stored == DatabaseTimestamp.text(created))
    #expect(stored == "2000-01-01 12:00:00.500")
  }
}
