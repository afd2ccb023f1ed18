// The one outbox of writes end to end: every kind of write made while ListenBrainz cannot be reached
// is kept with its account, listed by `tunes lb status`, and sent exactly once when it is back; a
// recommendation whose reply was lost is not made twice; rows queued before tunes kept the account
// (love/hate of old) are held, never sent as whoever logs in, until claimed.
import Foundation
import GRDB
import Testing

@testable import TunesLibrary
@testable import TunesListenBrainz

@Suite(.serialized) struct OutboxTests {
  static let review = "Ice and fire, strings and beats, a song that keeps its promise."

  @Test func everyWriteMadeOfflineIsSentOnceLater() async throws {
    var f = try await SocialFixture.start()
    f.server.stop()
    let writes: [[String]] = [
      ["love", "jóga"], ["lb", "pin", "jóga", "--blurb", "so good"], ["lb", "recommend", "jóga"],
      ["lb", "review", "jóga", "--text", Self.review], ["lb", "follow", "carol"], ["lb", "feed", "hide", "pin/3"],
    ]
    for arguments in writes {
      let r = try await f.run(arguments)
      #expect(r.status == 0, "\(arguments): \(r.err)")
      #expect(r.out.contains(": queued (cannot reach 127.0.0.1"), "\(arguments): \(r.out)")
    }
    let rows = try f.pending()
    #expect(rows.count == writes.count)
    #expect(rows.allSatisfy { $0["account"] as String? == "alice" })
    var r = try await f.run("lb", "status")
    #expect(r.out.contains("writes waiting: 6\n"), "\(r.out)")
    #expect(r.out.contains("alice  pin Björk – Jóga"), "\(r.out)")

    f.server = try await FakeListenBrainz.start(world: SocialFixture.world())
    r = try await f.run("lb", "flush")
    #expect(r.status == 0, "\(r.err)")
    #expect(try f.pending().isEmpty)
    r = try await f.run("lb", "flush")
    #expect(r.status == 0, "\(r.err)")
    let posts = try await f.server.writes()
    #expect(
      posts == [
        "POST /1/feedback/recording-feedback", "POST /1/pin", "POST /1/user/alice/timeline-event/create/recording",
        "POST /1/user/alice/timeline-event/create/review", "POST /1/user/carol/follow", "POST /1/user/alice/feed/events/hide",
      ])
    let alice = try await f.server.user("alice")
    #expect((alice["feedback"] as? [[String: Any]])?.map { $0["recording_mbid"] as? String } == [SocialFixture.joga])
    #expect((alice["pins"] as? [[String: Any]])?.map { $0["blurb_content"] as? String } == ["so good"])
    #expect((alice["following"] as? [String]) == ["bob", "carol"])
    #expect((alice["hidden"] as? [[Any]])?.count == 1)
    let timeline = try await f.server.world()["timeline"] as? [[String: Any]] ?? []
    let mine = timeline.filter { $0["user_name"] as? String == "alice" && ($0["id"] as? Int ?? 0) > 6 }
    #expect(mine.map { $0["event_type"] as? String } == ["recording_recommendation", "critiquebrainz_review"])
    // The review names the recording by its title, as the website does, and has no stars.
    let review = try #require(mine.last?["metadata"] as? [String: Any])
    #expect(review["entity_name"] as? String == "Jóga")
    #expect(review["rating"] is NSNull)
  }

  @Test func aRecommendationWhoseReplyWasLostIsNotMadeTwice() async throws {
    let f = try await SocialFixture.start()
    let path = "^POST /1/user/alice/timeline-event/create/recording$"
    try await f.server.fail(path, apply: true)
    var r = try await f.run("lb", "recommend", "jóga")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("queued"), "\(r.out)")
    r = try await f.run("lb", "flush")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("sent the queued recommend Björk – Jóga"), "\(r.out)")
    #expect(try f.pending().isEmpty)
    let timeline = try await f.server.world()["timeline"] as? [[String: Any]] ?? []
    #expect(timeline.filter { $0["user_name"] as? String == "alice" && ($0["id"] as? Int ?? 0) > 6 }.count == 1)
    #expect(try await f.server.writes().filter { $0.hasSuffix("/create/recording") }.count == 1)
  }

  /// Writes of another account wait for its login, and a token of another user sends none of them.
  @Test func writesWaitForTheirOwnAccount() async throws {
    var f = try await SocialFixture.start()
    f.server.stop()
    var r = try await f.run("love", "jóga")
    #expect(r.out.contains("queued"), "\(r.out)")
    f.server = try await FakeListenBrainz.start(world: SocialFixture.world())
    r = try await f.run(["lb", "flush"], extra: ["TUNES_LISTENBRAINZ_TOKEN": "tok-bob", "TUNES_LISTENBRAINZ_USER": "bob"])
    #expect(r.status == 0, "\(r.err)")
    #expect(try await f.server.writes().isEmpty)
    #expect(try f.pending().count == 1)
    r = try await f.run("lb", "flush")
    #expect(try await f.server.writes() == ["POST /1/feedback/recording-feedback"])
  }

  /// A database with queued rows of each kind, made before the one outbox: listens keep their account,
  /// social writes theirs, and love/hate (which had none) are held, listed, and sent only once claimed.
  @Test func upgradeKeepsQueuedRowsOfEachKind() async throws {
    let library = try QueuedRows.upgraded(from: "playlists-source-hash-v1", path: try temporaryFolder() + "/library.db") {
      try $0.listen(account: "alice")
      try $0.feedback(
        recordingMbid: SocialFixture.joga, score: 1, label: "Björk – Jóga", attempts: 2, lastError: "cannot reach x")
      try $0.write(.follow("carol"), account: "alice")
    }
    #expect(try await library.pool.read { db in try db.tableExists("pendingFeedback") } == false)
    #expect(try ListenQueue(library: library).all().map(\.account) == ["alice"])
    let outbox = SocialQueue(library: library)
    #expect(try outbox.pending(for: "alice").map(\.label) == ["follow carol"])
    #expect(try outbox.pending(for: "bob").isEmpty)
    let held = try outbox.held()
    #expect(held.map(\.label) == ["loved Björk – Jóga"])
    #expect(held.first?.attempts == 2)
    #expect(
      held.first.map { String(decoding: $0.body, as: UTF8.self) } == #"{"recording_mbid":"\#(SocialFixture.joga)","score":1}"#)
    #expect(held.first?.write?.path == "/1/feedback/recording-feedback")
    #expect(try outbox.claimHeld(for: "alice") == 1)
    #expect(try outbox.pending(for: "alice").map(\.label) == ["follow carol", "loved Björk – Jóga"])
  }

  /// The command line side of held rows: listed by `lb status`, left alone by `lb flush`, sent by
  /// `lb flush --claim-held`.
  @Test func heldWritesAreSentOnlyWhenClaimed() async throws {
    let f = try await SocialFixture.start()
    try await DatabaseQueue(path: f.db).write { db in
      try QueuedRows(db: db).write(
        .feedback(recordingMbid: SocialFixture.joga, recordingMsid: nil, score: .love, label: "Björk – Jóga"), account: nil,
        table: Outbox.table)
    }
    var r = try await f.run("lb", "status")
    #expect(r.out.contains("held  loved Björk – Jóga"), "\(r.out)")
    r = try await f.run("lb", "flush")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("1 write is held"), "\(r.out)")
    #expect(try await f.server.writes().isEmpty)
    r = try await f.run("lb", "flush", "--claim-held")
    #expect(r.status == 0, "\(r.err)")
    #expect(try await f.server.writes() == ["POST /1/feedback/recording-feedback"])
    #expect(try f.pending().isEmpty)
  }
}

/// The player's submitter drains the outbox after the listens: a love queued offline by a command goes
/// out without another command, and only the logged-in account's writes do.
@Suite struct SubmitterOutboxTests {
  @Test func thePlayersSubmitterSendsTheAccountsQueuedWrites() async throws {
    let server = try await FakeServer.start()
    let world: [String: Any] = ["tokens": [FakeServer.token: FakeServer.user], "users": [FakeServer.user: [String: Any]()]]
    _ = try await CurlTransport().send(
      HTTPRequest(
        method: "POST", url: server.root + "/__dashboard_world", body: try JSONSerialization.data(withJSONObject: world)))
    let library = try temporaryLibrary()
    let outbox = SocialQueue(library: library)
    let love = SocialWrite.feedback(recordingMbid: SocialFixture.joga, recordingMsid: nil, score: .love, label: "Björk – Jóga")
    try outbox.enqueue(love, account: FakeServer.user)
    try outbox.enqueue(love, account: "someone else")
    let path = try temporaryFolder() + "/c.toml"
    try "[listenbrainz]\ntoken = \"\(FakeServer.token)\"\nuser = \"\(FakeServer.user)\"\n".write(
      toFile: path, atomically: false, encoding: .utf8)
    chmod(path, 0o600)
    let account = Account(configFile: path, environment: ["TUNES_LISTENBRAINZ_URL": server.root])
    let (_, submitter) = await Scrobbler.start(library: library, account: account, log: { _ in })
    #expect(await eventually { (try? outbox.pending(for: FakeServer.user).isEmpty) == true })
    await submitter?.stop()
    let client = try makeClient(server)
    let reply = await client.request("GET", "/1/feedback/user/\(FakeServer.user)/get-feedback")
    guard case .ok(let body) = reply.outcome else {
      Issue.record("no feedback: \(reply.outcome)")
      return
    }
    let feedback = (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["feedback"] as? [[String: Any]]
    #expect(feedback?.map { $0["recording_mbid"] as? String } == [SocialFixture.joga])
    #expect(try outbox.pending(for: "someone else").count == 1)
  }
}
