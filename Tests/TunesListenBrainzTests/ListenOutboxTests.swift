// Listens as rows of the one outbox: queued listens of an older database move into it unchanged, the
// writes of commands and the listens keep their own account rules in it, and a batch marked as being
// sent by one process is not sent by another draining the outbox at the same time.
import Foundation
import GRDB
import Testing
import TunesCore

@testable import TunesLibrary
@testable import TunesListenBrainz

@Suite struct ListenOutboxTests {
  /// Listens queued before they joined the outbox keep their bytes, account, state and the server's
  /// message, get the label `lb queue` shows, and stay apart from the writes of commands.
  @Test func queuedListensMoveIntoTheOutboxUnchanged() async throws {
    let library = try QueuedRows.upgraded(from: "library-credits-v1", path: try temporaryFolder() + "/library.db") {
      try $0.listen(at: 1_700_000_000, account: "alice")
      try $0.listen(at: 1_700_000_100, account: "alice", state: "rejected", rejection: "Value for key listened_at", attempts: 1)
      try $0.listen(at: 1_700_000_200, payload: "not json")
      try $0.write(.follow("carol"), account: "alice")
    }
    #expect(try await library.pool.read { db in try db.tableExists("pendingListen") } == false)
    let rows = try ListenQueue(library: library).all()
    #expect(rows.map(\.listenedAt) == [1_700_000_000, 1_700_000_100, 1_700_000_200])
    #expect(rows.map(\.payload) == [QueuedRows.listenPayload, QueuedRows.listenPayload, "not json"])
    #expect(rows.map(\.account) == ["alice", "alice", nil])
    #expect(rows.map(\.state) == [.pending, .rejected, .pending])
    #expect(rows[1].rejection == "Value for key listened_at" && rows[1].attempts == 1)
    #expect(rows.map(\.label) == ["A – T", "A – T", "? – ?"])
    #expect(QueueListing.lines(rows)[0].hasSuffix("\talice\tA – T"))
    let writes = SocialQueue(library: library)
    #expect(try writes.all().map(\.label) == ["follow carol"])
    // Claiming held writes takes no listen: a listen of no account is any login's, not held.
    #expect(try writes.claimHeld(for: "bob") == 0)
    #expect(try ListenQueue(library: library).all().map(\.account) == ["alice", "alice", nil])
  }

  /// Two processes drain the outbox at once (the player's submitter and `tunes lb flush`): the batch
  /// the first is sending (its request held by the server for a while) is marked, and the second
  /// leaves it alone: one request, each listen stored once.
  @Test func aBatchBeingSentIsNotSentByAnotherProcess() async throws {
    let server = try await FakeServer.start()
    let library = try temporaryLibrary()
    try queueListens(library, count: 3, song: try insertSong(library))
    // Long enough for the second pass to run while the first waits, on a busy machine.
    try await server.control(["delay": 5.0, "times": 1])
    func submitter() throws -> Submitter {
      Submitter(queue: ListenQueue(library: library), client: try makeClient(server, requestTimeout: 30), backoff: fastBackoff)
    }
    let first = try submitter()
    let second = try submitter()
    let sending = Task { await first.pass() }
    // The first pass has made its request and waits for the server's answer.
    try await waitFor("the first request") { await first.requestsMade == 1 }
    let marked = try await library.pool.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM outbox WHERE sendingSince IS NOT NULL")
    }
    #expect(marked == 3)
    #expect(await second.pass() == .done)
    #expect(await sending.value == .done)
    #expect(try await server.requests().count == 1)
    #expect(try await server.storedListens().count == 3)
    #expect(try ListenQueue(library: library).count(.pending) == 0)
  }

  /// A mark left by a process that died mid-request does not hold its listens for ever.
  @Test func aStaleMarkIsSentAgain() async throws {
    let server = try await FakeServer.start()
    let library = try temporaryLibrary()
    try queueListens(library, count: 2, song: try insertSong(library))
    let old = DatabaseTimestamp.text(Date(timeIntervalSinceNow: -Outbox.staleClaim - 10))
    try await library.pool.write { db in try db.execute(sql: "UPDATE outbox SET sendingSince = ?", arguments: [old]) }
    let submitter = Submitter(queue: ListenQueue(library: library), client: try makeClient(server), backoff: fastBackoff)
    #expect(await submitter.pass() == .done)
    #expect(try await server.storedListens().count == 2)
  }

  func waitFor(_ what: String, _ condition: () async throws -> Bool) async throws {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      if try await condition() { return }
      try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("timed out waiting for \(what)")
  }
}
