// Whose listens: each queued listen keeps the account it was played under, and only a login as that
// account sends it (listens of no account go to the next login). Against the fake server with two users.
import Foundation
import GRDB
import Testing
import TunesCore

@testable import TunesLibrary
@testable import TunesListenBrainz

@Suite struct AccountQueueTests {
  struct Setup {
    let server: FakeServer
    let library: Library
    let queue: ListenQueue
    let song: Song
    let account: Account
    let live: LiveAccount
    let scrobbler: Scrobbler
    let submitter: Submitter

    /// What `tunes lb logout; tunes lb login` does.
    func login(_ token: String) async throws {
      try account.logout()
      _ = try await account.login(token: token)
    }

    /// Plays `count` listens now (as the player's listen rule would), a minute apart from `start`.
    func play(_ count: Int, from minute: Int) throws {
      let start = Date(timeIntervalSinceNow: -86_400)
      for i in 0..<count {
        try scrobbler.listened(song: song, listenedAt: start.addingTimeInterval(Double((minute + i) * 60)), playedMs: 200_000)
      }
    }

    /// The user name of each listen the server stored, in order.
    func storedUsers() async throws -> [String] {
      try await server.storedListens().map { $0["user_name"] as? String ?? "?" }
    }
  }

  /// A fake server knowing alice and bob, an account whose config file is in a fresh folder (plus
  /// `environment`), and a scrobbler and submitter reading it as a running player does.
  func setup(environment: [String: String] = [:]) async throws -> Setup {
    let server = try await FakeServer.start(tokens: ["tok-alice": "alice", "tok-bob": "bob"])
    let library = try temporaryLibrary()
    let account = Account(
      configFile: try temporaryFolder() + "/config.toml",
      environment: environment.merging(["TUNES_LISTENBRAINZ_URL": server.root]) { a, _ in a })
    let live = LiveAccount(account: account)
    let queue = ListenQueue(library: library)
    // No submitter behind the scrobbler: listens are queued as if offline, and sent only by `flush`.
    let scrobbler = Scrobbler(library: library, account: .live(live), submitter: nil)
    let submitter = Submitter(queue: queue, client: nil, backoff: fastBackoff, currentLogin: { live.login() })
    return Setup(
      server: server, library: library, queue: queue, song: try insertSong(library), account: account, live: live,
      scrobbler: scrobbler, submitter: submitter)
  }

  @Test func alicesListensWaitForAliceNotTheNextLogin() async throws {
    let s = try await setup()
    try await s.login("tok-alice")
    try s.play(2, from: 0)  // offline, as alice
    #expect(try s.queue.all().map(\.account) == ["alice", "alice"])
    try await s.login("tok-bob")
    #expect(try await s.submitter.flush() == 0)
    #expect(try await s.server.requests().isEmpty)
    #expect(try s.queue.count(.pending) == 2)
    // bob's own listens go to bob; alice's still wait, untouched.
    try s.play(1, from: 10)
    #expect(try await s.submitter.flush() == 1)
    #expect(try await s.storedUsers() == ["bob"])
    #expect(try s.queue.all().map(\.account) == ["alice", "alice"])
    #expect(try s.queue.all().map(\.attempts) == [0, 0])
    // alice logs in again: hers are sent to her.
    try await s.login("tok-alice")
    #expect(try await s.submitter.flush() == 2)
    #expect(try await s.storedUsers() == ["bob", "alice", "alice"])
    #expect(try s.queue.count(.pending) == 0)
  }

  @Test func listensOfNoAccountGoToTheNextLogin() async throws {
    let s = try await setup()
    try s.play(2, from: 0)  // never logged in
    try await s.login("tok-alice")
    try s.play(1, from: 10)
    try s.account.logout()
    try s.play(1, from: 20)  // logged out again
    #expect(try s.queue.all().map(\.account) == [nil, nil, "alice", nil])
    try await s.login("tok-bob")
    #expect(try await s.submitter.flush() == 3)
    #expect(try await s.storedUsers() == ["bob", "bob", "bob"])
    #expect(try s.queue.all().map(\.account) == ["alice"])
  }

  /// A token from TUNES_LISTENBRAINZ_TOKEN: tunes does not know whose it is (even with a user stored),
  /// so its listens are queued under no account and it sends only those.
  @Test func environmentTokenSendsOnlyListensOfNoAccount() async throws {
    let s = try await setup()
    try await s.login("tok-alice")
    try s.play(1, from: 0)
    let environment = ["TUNES_LISTENBRAINZ_URL": s.server.root, Account.tokenVariable: "tok-bob"]
    let account = Account(configFile: s.account.file.path, environment: environment)
    #expect(try account.userName() == "alice")
    #expect(try account.listenUser() == nil)
    let live = LiveAccount(account: account)
    try Scrobbler(library: s.library, account: .live(live), submitter: nil)
      .listened(song: s.song, listenedAt: Date(timeIntervalSinceNow: -600), playedMs: 200_000)
    #expect(try s.queue.all().map(\.account) == ["alice", nil])
    let submitter = Submitter(queue: s.queue, client: nil, backoff: fastBackoff, currentLogin: { live.login() })
    #expect(try await submitter.flush() == 1)
    #expect(try await s.storedUsers() == ["bob"])
    #expect(try s.queue.all().map(\.account) == ["alice"])
  }

  @Test func statusCountsTheListensOfOtherAccounts() async throws {
    let s = try await setup()
    try s.play(1, from: 0)
    try await s.login("tok-alice")
    try s.play(3, from: 10)
    try await s.login("tok-bob")
    try s.play(2, from: 20)
    var status = try SubmissionStatus.read(queue: s.queue, account: s.account)
    #expect(status.pending == 6)
    #expect(status.otherAccounts == [AccountCount(account: "alice", pending: 3)])
    #expect(status.lines.contains("other accounts: 3 listens wait for alice's login (sent only when logged in as that account)"))
    let json = try #require(try JSONSerialization.jsonObject(with: status.json()) as? [String: Any])
    let others = try #require(json["otherAccounts"] as? [[String: Any]])
    #expect(others.count == 1)
    #expect(others.first?["account"] as? String == "alice")
    #expect((others.first?["pending"] as? NSNumber)?.intValue == 3)
    try await s.login("tok-alice")
    status = try SubmissionStatus.read(queue: s.queue, account: s.account)
    #expect(status.otherAccounts == [AccountCount(account: "bob", pending: 2)])
    #expect(status.lines.contains("other accounts: 2 listens wait for bob's login (sent only when logged in as that account)"))
    // Nothing of another account: no such line.
    _ = try await s.submitter.flush()
    try await s.login("tok-bob")
    _ = try await s.submitter.flush()
    status = try SubmissionStatus.read(queue: s.queue, account: s.account)
    #expect(status.otherAccounts.isEmpty)
    #expect(!status.lines.contains { $0.hasPrefix("other accounts") })
  }

  @Test func queueShowsEachListensAccount() async throws {
    let s = try await setup()
    try s.play(1, from: 0)
    try await s.login("tok-alice")
    try s.play(1, from: 10)
    let rows = try s.queue.all()
    let lines = QueueListing.lines(rows)
    #expect(lines.count == 2)
    #expect(lines[0].split(separator: "\t").map(String.init)[3] == "-")
    #expect(lines[1].split(separator: "\t").map(String.init)[3] == "alice")
    let array = try #require(try JSONSerialization.jsonObject(with: QueueListing.json(rows)) as? [[String: Any]])
    #expect(array[0]["account"] is NSNull)
    #expect(array[1]["account"] as? String == "alice")
  }

  /// A database queued by a tunes without accounts: the migration keeps its listens, with no account,
  /// so the next login sends them as before.
  @Test func migrationKeepsQueuedListensWithoutAccount() async throws {
    let library = try QueuedRows.upgraded(from: "dashboard-v1", path: try temporaryFolder() + "/library.db") {
      try $0.listen()
    }
    let rows = try ListenQueue(library: library).all()
    #expect(rows.count == 1)
    #expect(rows.first?.listenedAt == 1_700_000_000)
    #expect(rows.first?.account == nil)
    #expect(try ListenQueue(library: library).countSendable(as: "bob") == 1)
  }
}
