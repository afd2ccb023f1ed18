// The submitter against the fake server: batch boundaries, rate limits, server errors, timeouts,
// dropped replies, offline periods, crashes between write and send, rejected listens, bad tokens.
import Foundation
import GRDB
import Testing
import TunesCore

@testable import TunesLibrary
@testable import TunesListenBrainz

@Suite struct SubmitterTests {
  struct Setup {
    let server: FakeServer
    let library: Library
    let queue: ListenQueue
    let song: Song
    func submitter(token: String = FakeServer.token, requestTimeout: Double = 5) throws -> Submitter {
      Submitter(
        queue: queue, client: try makeClient(server, token: token, requestTimeout: requestTimeout), backoff: fastBackoff,
        pollInterval: 0.2)
    }
  }

  func setup(rateLimit: Int = 1000, window: Int = 10) async throws -> Setup {
    let server = try await FakeServer.start(rateLimit: rateLimit, window: window)
    let library = try temporaryLibrary()
    return Setup(server: server, library: library, queue: ListenQueue(library: library), song: try insertSong(library))
  }

  /// Every stored listen is distinct, and their count.
  func storedOnce(_ server: FakeServer) async throws -> Int {
    let listens = try await server.storedListens()
    let keys = Set(listens.map { "\($0["listened_at"]!)|\($0["recording_msid"]!)" })
    #expect(keys.count == listens.count)
    return listens.count
  }

  @Test(arguments: [
    (1, ["single:1"]), (999, ["import:999"]), (1000, ["import:1000"]), (1001, ["import:1000", "single:1"]),
    (2500, ["import:1000", "import:1000", "import:500"]),
  ])
  func batchSizes(count: Int, expected: [String]) async throws {
    let s = try await setup()
    try queueListens(s.library, count: count, song: s.song)
    let sent = try await s.submitter().flush()
    #expect(sent == count)
    let requests = try await s.server.requests().map { "\($0["listen_type"]!):\($0["count"]!)" }
    #expect(requests == expected)
    #expect(try await storedOnce(s.server) == count)
    #expect(try s.queue.count(.pending) == 0)
  }

  @Test func rateLimitedPassReportsResetIn() async throws {
    let s = try await setup(rateLimit: 1, window: 10)
    try queueListens(s.library, count: 3, song: s.song)
    // Spend the window's only request, so the submission gets a real 429.
    _ = try await makeClient(s.server).validateToken()
    let result = await (try s.submitter()).pass()
    // The window may have turned over in between; then the batch simply went through.
    if case .rateLimited(let resetIn) = result {
      #expect((1...10).contains(resetIn))
      #expect(try s.queue.count(.pending) == 3)
    } else {
      #expect(result == .done)
    }
  }

  @Test func rateLimitWaitsResetInThenSends() async throws {
    let s = try await setup(window: 2)
    try await s.server.control(["fail": 429, "times": 1])
    try queueListens(s.library, count: 3, song: s.song)
    #expect(try await s.submitter().flush() == 3)
    let requests = try await s.server.requests()
    #expect(requests.map { $0["status"] as? Int } == [429, 200])
    let resetIn = try #require(requests[0]["reset_in"] as? Int)
    let waited = try #require(requests[1]["time"] as? Double) - (try #require(requests[0]["time"] as? Double))
    #expect(waited >= Double(resetIn) - 0.05)
    #expect(try await storedOnce(s.server) == 3)
  }

  /// A flush does not sit out a long rate limit: it gives up at once with the server's wait (exit 75),
  /// the listens stay queued and the 429 is the last error `tunes lb status` shows.
  @Test(.timeLimit(.minutes(1))) func flushGivesUpOnALongRateLimit() async throws {
    let s = try await setup()
    try await s.server.control(["fail": 429, "times": 100, "headers": ["X-RateLimit-Reset-In": "86400"]])
    try queueListens(s.library, count: 3, song: s.song)
    await #expect(throws: ListenBrainzError.rateLimited(resetIn: 86_400)) { try await s.submitter().flush() }
    #expect(try await s.server.requests().count == 1)
    #expect(try s.queue.count(.pending) == 3)
    #expect(try s.queue.fact(.lastError) == "ListenBrainz rate limit reached; try again in 24 h")
    #expect(ListenBrainzError.rateLimited(resetIn: 86_400).exitStatus == .tempFailure)
  }

  /// Short waits are taken, but a server that keeps answering 429 ends the flush after a few in a row.
  @Test(.timeLimit(.minutes(1))) func flushGivesUpAfterRateLimitsInARow() async throws {
    let s = try await setup()
    try await s.server.control(["fail": 429, "times": 100, "headers": ["X-RateLimit-Reset-In": "1"]])
    try queueListens(s.library, count: 3, song: s.song)
    await #expect(throws: ListenBrainzError.rateLimited(resetIn: 1)) {
      try await s.submitter().flush(patience: .init(totalWait: 60, inARow: 3))
    }
    #expect(try await s.server.requests().map { $0["status"] as? Int } == [429, 429, 429])
    #expect(try s.queue.count(.pending) == 3)
  }

  @Test func serverErrorsThenSuccess() async throws {
    let s = try await setup()
    try await s.server.control(["fail": 500, "times": 1])
    try await s.server.control(["fail": 503, "times": 1])
    try queueListens(s.library, count: 5, song: s.song)
    let submitter = try s.submitter()
    await submitter.start()
    #expect(try await eventually { try s.queue.count(.pending) == 0 })
    await submitter.stop()
    let statuses = try await s.server.requests().map { $0["status"] as? Int }
    #expect(statuses == [500, 503, 200])
    #expect(try await storedOnce(s.server) == 5)
    #expect(try s.queue.fact(.lastError) == nil)
    #expect(try s.queue.fact(.lastSubmissionCount) == "5")
  }

  @Test func transientFailureKeepsTheQueueAndRecordsTheError() async throws {
    let s = try await setup()
    try await s.server.control(["fail": 503, "times": 1])
    try queueListens(s.library, count: 2, song: s.song)
    let result = await (try s.submitter()).pass()
    #expect(result == .transient(.server(status: 503, message: "Injected failure 503")))
    #expect(try s.queue.count(.pending) == 2)
    #expect(try s.queue.all().allSatisfy { $0.attempts == 1 })
    #expect(try s.queue.fact(.lastError) == "ListenBrainz server error 503: Injected failure 503")
  }

  /// A 200 that is not ListenBrainz's `{"status": "ok"}` (a captive portal's page, a proxy's JSON)
  /// proves nothing was stored: the listens stay queued, the answer is the last error, and they go
  /// once the real server answers.
  @Test(arguments: ["<html>Please log in to the Wi-Fi</html>", #"{"code":200,"error":"portal"}"#, ""])
  func okThatIsNotListenBrainzKeepsTheQueue(body: String) async throws {
    let s = try await setup()
    try await s.server.control(["fail": 200, "times": 1, "body": body])
    try queueListens(s.library, count: 4, song: s.song)
    let submitter = try s.submitter()
    let result = await submitter.pass()
    guard case .transient(let error) = result else { Issue.record("\(result)"); return }
    #expect(error.exitStatus == .tempFailure)
    #expect(!error.description.contains("\n"))
    #expect(try s.queue.count(.pending) == 4)
    #expect(try s.queue.fact(.lastError) == error.description)
    #expect(try s.queue.fact(.lastError)?.contains(body.isEmpty ? "an empty body" : String(body.prefix(20))) == true)
    #expect(try await s.server.storedListens().isEmpty)
    #expect(await submitter.pass() == .done)
    #expect(try await storedOnce(s.server) == 4)
    #expect(try s.queue.count(.pending) == 0)
  }

  @Test func timeoutThenResend() async throws {
    let s = try await setup()
    try await s.server.control(["delay": 1.5, "times": 1])
    try queueListens(s.library, count: 4, song: s.song)
    let submitter = try s.submitter(requestTimeout: 0.5)
    let first = await submitter.pass()
    guard case .transient(.network) = first else { Issue.record("\(first)"); return }
    #expect(await submitter.pass() == .done)
    // The slow first request finishes storing too (the server logs a request once it has answered).
    #expect(try await eventually(60) { try await s.server.requests().count == 2 })
    #expect(try await storedOnce(s.server) == 4)
    #expect(try s.queue.count(.pending) == 0)
  }

  @Test func droppedReplyAfterStoreIsResentAndStoredOnce() async throws {
    let s = try await setup()
    try await s.server.control(["drop_after_store": true, "times": 1])
    try queueListens(s.library, count: 1500, song: s.song)
    let before = try s.queue.all().map(\.payload)
    let submitter = try s.submitter()
    let first = await submitter.pass()
    guard case .transient(.network) = first else { Issue.record("\(first)"); return }
    #expect(try await s.server.storedListens().count == 1000)  // the server did store the first batch
    #expect(try s.queue.count(.pending) == 1500)  // but without a 200 nothing left the queue
    #expect(try s.queue.all().map(\.payload) == before)  // and the resend is byte-for-byte the same
    #expect(await submitter.pass() == .done)
    #expect(try await storedOnce(s.server) == 1500)
    let counts = try await s.server.requests().map { $0["count"] as? Int }
    #expect(counts == [1000, 1000, 500])
  }

  @Test func offlineForAWhileThenOnline() async throws {
    let library = try temporaryLibrary()
    let queue = ListenQueue(library: library)
    try queueListens(library, count: 7, song: try insertSong(library))
    let server = try await FakeServer.start(down: true)
    let client = ListenBrainzClient(
      root: try APIRoot(server.root), token: FakeServer.token, transport: CurlTransport(connectTimeout: 1, requestTimeout: 5))
    let log = LogLines()
    let t0 = Date()
    let submitter = Submitter(
      queue: queue, client: client, backoff: fastBackoff, pollInterval: 0.2,
      log: { log.append("\(Date().timeIntervalSince(t0)) \($0)") })
    await submitter.start()
    #expect(await eventually(30) { await submitter.consecutiveFailures >= 2 }, "\(log.lines)")
    #expect(try queue.count(.pending) == 7)
    #expect(try queue.fact(.lastError)?.hasPrefix("cannot reach 127.0.0.1:") == true)
    try await server.comeUp()
    #expect(try await eventually(30) { try queue.count(.pending) == 0 })
    await submitter.stop()
    #expect(try await storedOnce(server) == 7)
  }

  @Test func crashBetweenWriteAndSendLosesNothing() async throws {
    let server = try await FakeServer.start()
    let path = try temporaryFolder() + "/library.db"
    var song: Song
    do {
      // The "process" that played: counts and queues, then dies before any send.
      let library = try Library(path: path, areas: everyDatabaseArea)
      song = try insertSong(library)
      let scrobbler = Scrobbler(library: library, client: nil, submitter: nil)
      let start = Date(timeIntervalSinceNow: -3600)
      for i in 0..<3 {
        try scrobbler.listened(song: song, listenedAt: start.addingTimeInterval(Double(i * 300)), playedMs: 200_000)
      }
    }
    // A new process opens the same database and sends what was left.
    let library = try Library(path: path, areas: everyDatabaseArea)
    let queue = ListenQueue(library: library)
    #expect(try queue.count(.pending) == 3)
    #expect(try library.song(id: song.id!)?.playCount == 3)
    let submitter = Submitter(queue: queue, client: try makeClient(server), backoff: fastBackoff)
    #expect(try await submitter.flush() == 3)
    #expect(try await storedOnce(server) == 3)
    // A second restart finds nothing to send: nothing is counted twice.
    #expect(try await Submitter(queue: queue, client: try makeClient(server)).flush() == 0)
    #expect(try await server.storedListens().count == 3)
  }

  /// Queues a listen whose recording MBID is not a UUID (as an older version might have written it).
  func queueBadMBIDListen(_ library: Library, at listenedAt: Int) throws {
    let payload =
      #"{"listened_at":\#(listenedAt),"track_metadata":{"additional_info":{"recording_mbid":"bogus"},"artist_name":"Bad","track_name":"Tag"}}"#
    _ = try library.pool.write { db in
      try ListenQueue.enqueue(
        db, songID: nil, listenedAt: listenedAt, body: Data(payload.utf8), label: "A – T", createdAt: Date())
    }
  }

  @Test func rejectedListenIsParkedAndTheRestSent() async throws {
    let s = try await setup()
    let start = Date(timeIntervalSinceNow: -86_400)
    try queueListens(s.library, count: 4, song: s.song, start: start)
    try queueBadMBIDListen(s.library, at: Int(start.timeIntervalSince1970) + 2)  // in the middle of the batch
    let log = LogLines()
    let submitter = Submitter(queue: s.queue, client: try makeClient(s.server), backoff: fastBackoff, log: { log.append($0) })
    #expect(try await submitter.flush() == 4)
    #expect(try await storedOnce(s.server) == 4)
    #expect(try await s.server.requests().map { $0["count"] as? Int } == [5, 4])
    let rejected = try s.queue.all()
    #expect(rejected.count == 1)
    #expect(rejected[0].state == .rejected)
    #expect(rejected[0].payload.contains("bogus"))
    #expect(rejected[0].rejection == "recording_mbid MBID format invalid.")
    #expect(log.lines.contains { $0.contains("rejected listen \(rejected[0].id!)") })
    // Not retried blindly: another pass sends nothing.
    let requests = try await s.server.requests().count
    #expect(await submitter.pass() == .done)
    #expect(try await s.server.requests().count == requests)
    // `retry` puts it back in line (it is refused again, since it is still wrong).
    #expect(try s.queue.retry(id: rejected[0].id!))
    #expect(try s.queue.count(.pending) == 1)
    // A pending listen is left as it is, and said to be pending already.
    #expect(try s.queue.retry(id: rejected[0].id!) == false)
    #expect(try s.queue.count(.pending) == 1)
    #expect(try await submitter.flush() == 0)
    #expect(try s.queue.count(.rejected) == 1)
    #expect(throws: ListenBrainzError.noSuchListen(id: 999_999)) { try s.queue.retry(id: 999_999) }
  }

  /// An 11 KB title: the server refuses it alone (body over 10 240 bytes) but takes it inside a batch
  /// of small listens (the limit is checked per request). tunes decides the same way in both cases:
  /// parked before sending, with the reason in `tunes lb queue`, and `retry` says why it stays.
  @Test(arguments: [0, 3])
  func oversizedListenIsParkedAloneOrInABatch(others: Int) async throws {
    let s = try await setup()
    let start = Date(timeIntervalSinceNow: -86_400)
    try queueListens(s.library, count: others, song: s.song, start: start)
    let big = try insertSong(s.library, title: String(repeating: "t", count: 11_000), artist: "Band")
    try Scrobbler(library: s.library, client: nil, submitter: nil).listened(
      song: big, listenedAt: start.addingTimeInterval(1.5), playedMs: 100_000)
    // What the server does with it, to show the rule being applied is its own: alone refused...
    let payload = try #require(try s.queue.all().first { $0.payload.contains("ttttt") }).payload
    let client = try makeClient(s.server)
    let alone = await client.submitListens(body: SubmissionBody.make(type: .single, listens: [Data(payload.utf8)]))
    guard case .badRequest(let message, _) = alone.outcome else {
      Issue.record("the fake took an oversized listen alone: \(alone.outcome)")
      return
    }
    #expect(message.hasPrefix("JSON document is too large."))
    try await s.server.control(["reset": true])
    #expect(try await s.submitter().flush() == others)
    #expect(try await storedOnce(s.server) == others)
    #expect(try await s.server.storedListens().allSatisfy { !"\($0)".contains("ttttt") })
    let parked = try #require(try s.queue.all().first)
    #expect(parked.state == .rejected)
    let bytes = ListenSize.bytesAlone(parked.body)
    #expect(bytes > 11_000)
    #expect(parked.rejection == "not sent: \(bytes) bytes, over ListenBrainz's limit of 10240 bytes per listen")
    #expect(
      QueueListing.lines([parked]).first?.hasSuffix(
        "\tnot sent: \(bytes) bytes, over ListenBrainz's limit of 10240 bytes per listen") == true)
    #expect(throws: ListenBrainzError.listenTooLarge(id: parked.id!, bytes: bytes)) { try s.queue.retry(id: parked.id!) }
    #expect(try s.queue.count(.rejected) == 1)
  }

  @Test func impossibleTimestampsAreParkedWithoutARequest() async throws {
    let s = try await setup()
    try queueListens(s.library, count: 2, song: s.song, start: Date(timeIntervalSince1970: 1_000_000_000))
    try queueListens(s.library, count: 1, song: s.song, start: Date(timeIntervalSinceNow: 7200))
    try queueListens(s.library, count: 3, song: s.song)
    #expect(try await s.submitter().flush() == 3)
    #expect(try await s.server.requests().map { $0["count"] as? Int } == [3])
    let rejected = try s.queue.all()
    #expect(rejected.map(\.state) == [.rejected, .rejected, .rejected])
    #expect(rejected[0].rejection?.hasPrefix("Value for key listened_at is too low.") == true)
    #expect(rejected[2].rejection == "Value for key listened_at is too high.")
  }

  @Test func badRequestWithoutAListenIsSplitOneByOne() async throws {
    let s = try await setup()
    try await s.server.control(["fail": 400, "times": 1])
    try queueListens(s.library, count: 3, song: s.song)
    #expect(try await s.submitter().flush() == 3)
    let counts = try await s.server.requests().map { $0["count"] as? Int }
    #expect(counts == [3, 1, 1, 1])
    #expect(try await storedOnce(s.server) == 3)
    #expect(try s.queue.count(.rejected) == 0)
  }

  @Test func invalidTokenStopsSubmittingAndKeepsTheQueue() async throws {
    let s = try await setup()
    try queueListens(s.library, count: 5, song: s.song)
    let submitter = try s.submitter(token: "wrong-token")
    #expect(await submitter.pass() == .unauthorized)
    #expect(try s.queue.count(.pending) == 5)
    #expect(try s.queue.fact(.tokenRejected) == "1")
    #expect(try s.queue.fact(.lastError)?.contains("tunes lb login") == true)
    // Stopped: no further requests until a login clears the flag.
    #expect(await submitter.pass() == .unauthorized)
    #expect(try await s.server.requests().count == 1)
    await #expect(throws: ListenBrainzError.self) { try await submitter.flush() }
    try s.queue.setFact(.tokenRejected, nil)
    #expect(try await s.submitter().flush() == 5)
  }

  /// A 401 for a paused account or one without an e-mail address: the token is fine (validate-token
  /// says so), so nothing asks for a new one; the server's reason is the last error, the listens stay
  /// queued, and the running submitter sends them once the account may submit again.
  @Test(arguments: [
    ("paused", "User account is paused and is currently not accepting listens."),
    ("no_email", "The listens were rejected because the user does not has not provided an email."),
  ])
  func refusedAccountKeepsTheTokenAndRetries(standing: String, reason: String) async throws {
    let s = try await setup()
    try await s.server.control(["account": [FakeServer.user: standing]])
    try queueListens(s.library, count: 3, song: s.song)
    let submitter = try s.submitter()
    let result = await submitter.pass()
    guard case .accountRefused(let message) = result else {
      Issue.record("expected accountRefused, got \(result)")
      return
    }
    #expect(message.hasPrefix(reason))
    #expect(try s.queue.count(.pending) == 3)
    #expect(try s.queue.fact(.tokenRejected) == nil)
    let lastError = try #require(try s.queue.fact(.lastError))
    #expect(lastError.contains(reason))
    #expect(!lastError.contains("tunes lb login"))
    #expect(try await makeClient(s.server).validateToken().valid)
    // A flush reports it as a try-later failure (75), not a refused token (77).
    do {
      try await submitter.flush()
      Issue.record("flush sent listens of a refused account")
    } catch {
      #expect(error == .accountRefused(message: message))
      #expect(error.exitStatus == .tempFailure)
    }
    // The running submitter keeps trying with back-off; once the account is back, all three arrive.
    await submitter.start()
    try await Task.sleep(for: .milliseconds(300))
    #expect(try await s.server.storedListens().isEmpty)
    try await s.server.control(["account": [FakeServer.user: "ok"]])
    #expect(try await eventually(60) { try await s.server.storedListens().count == 3 })
    await submitter.stop()
    #expect(try await storedOnce(s.server) == 3)
    #expect(try s.queue.count(.pending) == 0)
  }

  @Test func newLoginReachesARunningSubmitter() async throws {
    let s = try await setup()
    try queueListens(s.library, count: 2, song: s.song)
    let account = Locked<ListenBrainzClient?>(try makeClient(s.server, token: "old-token"))
    let submitter = Submitter(queue: s.queue, client: nil, currentLogin: { account.value.map { Login(client: $0, user: nil) } })
    #expect(await submitter.pass() == .unauthorized)
    #expect(try s.queue.count(.pending) == 2)
    account.value = try makeClient(s.server)  // what `tunes lb login` does: a new token
    try s.queue.setFact(.tokenRejected, nil)  // and the stop lifted
    #expect(await submitter.pass() == .done)
    #expect(try await storedOnce(s.server) == 2)
  }

  @Test func tokenNeverInDatabaseOrMessages() async throws {
    let s = try await setup()
    try await s.server.control(["fail": 503, "times": 1])
    try queueListens(s.library, count: 2, song: s.song)
    try queueBadMBIDListen(s.library, at: Int(Date().timeIntervalSince1970) - 100)
    let log = LogLines()
    let client = try makeClient(s.server)
    let submitter = Submitter(queue: s.queue, client: client, backoff: fastBackoff, log: { log.append($0) })
    _ = try await submitter.flush()
    let bad = Submitter(queue: s.queue, client: try makeClient(s.server, token: FakeServer.token + "x"), log: { log.append($0) })
    try queueListens(s.library, count: 1, song: s.song, start: Date(timeIntervalSinceNow: -10))
    _ = await bad.pass()
    let status = try SubmissionStatus.read(queue: s.queue, account: Account(configFile: "/nonexistent", environment: [:]))
    var texts = log.lines + ["\(client)", String(describing: status)]
    var dumped = ""
    dump(client, to: &dumped)
    texts.append(dumped)
    texts.append(contentsOf: [ListenBrainzError.unauthorized(message: "Invalid authorization token.").description])
    for text in texts { #expect(!text.contains(FakeServer.token), "\(text)") }
    _ = try await s.library.pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    for suffix in ["", "-wal", "-shm"] {
      if let bytes = FileManager.default.contents(atPath: s.library.path + suffix) {
        #expect(bytes.range(of: Data(FakeServer.token.utf8)) == nil)
      }
    }
  }
}

/// `tunes lb flush` itself: the built binary against the fake server.
@Suite(.serialized) struct FlushCommandTests {
  /// A refused token is one line on stderr (the error), exit 77, the listens still queued.
  @Test func refusedTokenIsOneLine() async throws {
    let server = try await FakeServer.start()
    let db = try temporaryFolder() + "/library.db"
    do {
      let library = try Library(path: db, areas: everyDatabaseArea)
      try queueListens(library, count: 3, song: try insertSong(library))
    }
    let r = try await TunesBinary.run(["lb", "flush"], server: server.root, db: db, extra: ["TUNES_LISTENBRAINZ_TOKEN": "wrong"])
    #expect(r.status == 77)
    #expect(r.err == "tunes: ListenBrainz refused the token (Invalid authorization token.); run `tunes lb login` again\n")
    #expect(r.out == "")
    #expect(try ListenQueue(library: try Library(path: db, areas: everyDatabaseArea)).count(.pending) == 3)
  }

  /// Logged in as bob with only alice's listens queued: one line saying so, exit 0, nothing sent.
  @Test func nothingForThisAccountIsOneLine() async throws {
    let server = try await FakeServer.start(tokens: ["tok-bob": "bob"])
    let folder = try temporaryFolder()
    let db = folder + "/library.db"
    do {
      let library = try Library(path: db, areas: everyDatabaseArea)
      try queueListens(library, count: 2, song: try insertSong(library), account: "alice")
    }
    var config = Config()
    config["listenbrainz", "token"] = .string("tok-bob")
    config["listenbrainz", "user"] = .string("bob")
    try ConfigFile(path: folder + "/config/tunes/config.toml").save(config)
    let r = try await TunesBinary.run(["lb", "flush"], server: server.root, db: db, extra: ["TUNES_LISTENBRAINZ_TOKEN": ""])
    #expect(r.status == 0)
    #expect(r.out == "Nothing to send for bob; 2 listens wait for alice's login.\n")
    #expect(r.err == "")
    #expect(try await server.requests().isEmpty)
    #expect(try ListenQueue(library: try Library(path: db, areas: everyDatabaseArea)).count(.pending) == 2)
  }
}

/// A value several tasks read and one test changes.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}

final class LogLines: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []
  func append(_ line: String) { lock.withLock { stored.append(line) } }
  var lines: [String] { lock.withLock { stored } }
}
