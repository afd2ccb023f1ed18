// The dashboard cache (what --offline replays) and the feedback queue (what offline love/hate leaves
// behind), against a real library database and canned answers.
import Foundation
import GRDB
import Testing
import TunesLibrary

@testable import TunesListenBrainz

@Suite struct DashboardCacheTests {
  static func library() throws -> Library {
    try Library(
      path: NSTemporaryDirectory() + "tunes-dashcache-\(UUID().uuidString)/library.db", areas: everyDatabaseArea)
  }

  /// Counts requests and answers from a table; a missing key is a network failure.
  final class CountingWire: DashboardWire, @unchecked Sendable {
    let host = "lb.test"
    var replies: [String: WireReply]
    var sent: [String] = []
    let lock = NSLock()
    init(_ replies: [String: WireReply]) { self.replies = replies }
    func send(_ method: String, _ path: String, query: [(String, String)], body: Data?) async -> WireReply {
      let key = WireKey.make(method, path, query)
      return lock.withLock {
        sent.append(key + (body.map { " " + String(decoding: $0, as: UTF8.self) } ?? ""))
        return replies[key] ?? .unreachable(cause: "Couldn't connect to server")
      }
    }
  }

  @Test func onlineAnswersAreStoredAndReplayedOffline() async throws {
    let library = try Self.library()
    let cache = DashboardCache(library: library)
    let inner = CountingWire([
      "GET /1/user/alice/listen-count": .response(status: 200, body: Data(#"{"payload":{"count":7}}"#.utf8)),
      "GET /1/stats/user/alice/daily-activity?range=week": .response(status: 204, body: Data()),
      "GET /1/user/ghost/listen-count": .response(
        status: 404, body: Data(#"{"code":404,"error":"Cannot find user: ghost"}"#.utf8)),
    ])
    let fetchedAt = Date(timeIntervalSince1970: 1_763_800_000)
    let onlineWire = CachingWire(inner: inner, cache: cache, mode: .online, now: { fetchedAt })
    let online = Dashboard(wire: onlineWire)
    #expect(try await online.listenCount(user: "alice").count == 7)
    #expect(try await online.dailyActivity(user: "alice", range: .week) == .notCalculated(user: "alice"))
    await #expect(throws: DashboardError.noSuchUser("ghost")) { try await online.listenCount(user: "ghost") }
    // Nothing is written until save(): one transaction for all the answers of a command.
    #expect(try cache.answer(for: "GET /1/user/alice/listen-count") == nil)
    try onlineWire.save()

    let offlineWire = CachingWire(inner: inner, cache: cache, mode: .offline)
    let offline = Dashboard(wire: offlineWire)
    let before = inner.sent.count
    #expect(try await offline.listenCount(user: "alice").count == 7)
    #expect(try await offline.dailyActivity(user: "alice", range: .week) == .notCalculated(user: "alice"))
    #expect(offlineWire.times.oldest == fetchedAt)
    // Offline never asks the network; a 404 was not stored, a range never fetched is not there.
    await #expect(throws: DashboardError.notCached(endpoint: "/1/user/ghost/listen-count")) {
      try await offline.listenCount(user: "ghost")
    }
    await #expect(throws: DashboardError.notCached(endpoint: "/1/stats/user/alice/daily-activity")) {
      try await offline.dailyActivity(user: "alice", range: .month)
    }
    #expect(inner.sent.count == before)
  }

  @Test func aNewerAnswerReplacesTheOlder() async throws {
    let library = try Self.library()
    let cache = DashboardCache(library: library)
    try cache.store(key: "GET /x", status: 200, body: Data("1".utf8), at: Date(timeIntervalSince1970: 10))
    try cache.store(key: "GET /x", status: 200, body: Data("2".utf8), at: Date(timeIntervalSince1970: 20))
    #expect(
      try cache.answer(for: "GET /x")
        == CachedAnswer(status: 200, body: Data("2".utf8), fetchedAt: Date(timeIntervalSince1970: 20)))
    #expect(try cache.answer(for: "GET /y") == nil)
  }

  @Test func offlineRefusesWrites() async throws {
    let library = try Self.library()
    let inner = CountingWire([:])
    let offline = Social(wire: CachingWire(inner: inner, cache: DashboardCache(library: library), mode: .offline))
    let love = SocialWrite.feedback(recordingMbid: Self.a, recordingMsid: nil, score: .love, label: "A")
    await #expect(throws: SocialError.dashboard(.notCached(endpoint: "/1/feedback/recording-feedback"))) {
      try await offline.send(love)
    }
    #expect(inner.sent.isEmpty)
  }

  static let a = "8f3471b5-7e6a-48da-86a9-c1c07a0f47ae"
  static let b = "a4864e94-6d75-4ade-bc93-0dabf3521453"
  static let feedbackKey = "POST /1/feedback/recording-feedback"

  static func feedback(_ mbid: String?, _ msid: String?, _ score: FeedbackScore, _ label: String) -> SocialWrite {
    SocialWrite.feedback(recordingMbid: mbid, recordingMsid: msid, score: score, label: label)
  }

  @Test func queuedFeedbackWaitsForTheNetworkThenGoesInOrder() async throws {
    let library = try Self.library()
    let queue = SocialQueue(library: library)
    try queue.enqueue(Self.feedback(Self.a, nil, .love, "A"), account: "alice")
    try queue.enqueue(Self.feedback(Self.a, nil, .none, "A"), account: "alice")
    try queue.enqueue(Self.feedback(nil, Self.b, .hate, "B"), account: "alice")

    let down = CountingWire([:])
    var report = try await queue.flush(using: Social(wire: down), account: "alice")
    #expect(report.stoppedBy == .dashboard(.network(host: "lb.test", cause: "Couldn't connect to server")))
    #expect(report.sent.isEmpty)
    #expect(report.remaining == 3)
    // Only the first was tried; it remembers the attempt and why it failed.
    #expect(down.sent.count == 1)
    let rows = try queue.pending(for: "alice")
    #expect(rows.map(\.attempts) == [1, 0, 0])
    #expect(rows[0].lastError == "cannot reach lb.test: Couldn't connect to server")

    let up = CountingWire([Self.feedbackKey: .response(status: 200, body: Data(#"{"status":"ok"}"#.utf8))])
    // Another account's login sends none of them.
    report = try await queue.flush(using: Social(wire: up), account: "bob")
    #expect(report.sent.isEmpty && up.sent.isEmpty)
    report = try await queue.flush(using: Social(wire: up), account: "alice")
    #expect(report.sent.map(\.0.label) == ["loved A", "unrated A", "hated B"])
    #expect(report.remaining == 0)
    #expect(
      up.sent == [
        Self.feedbackKey + #" {"recording_mbid":"\#(Self.a)","score":1}"#,
        Self.feedbackKey + #" {"recording_mbid":"\#(Self.a)","score":0}"#,
        Self.feedbackKey + #" {"recording_msid":"\#(Self.b)","score":-1}"#,
      ])
  }

  @Test func refusedFeedbackIsDroppedAndAuthFailuresStop() async throws {
    let library = try Self.library()
    let queue = SocialQueue(library: library)
    try queue.enqueue(Self.feedback(Self.a, nil, .love, "A"), account: "alice")
    let refusing = CountingWire([
      Self.feedbackKey: .response(status: 400, body: Data(#"{"code":400,"error":"Invalid JSON document submitted"}"#.utf8))
    ])
    var report = try await queue.flush(using: Social(wire: refusing), account: "alice")
    #expect(report.dropped.map(\.1) == [.refused(message: "Invalid JSON document submitted")])
    #expect(report.remaining == 0)

    try queue.enqueue(Self.feedback(Self.a, nil, .love, "A"), account: "alice")
    let unauthorized = CountingWire([
      Self.feedbackKey: .response(status: 401, body: Data(#"{"code":401,"error":"Invalid authorization token."}"#.utf8))
    ])
    report = try await queue.flush(using: Social(wire: unauthorized), account: "alice")
    #expect(report.stoppedBy == .dashboard(.unauthorized(message: "Invalid authorization token.")))
    #expect(report.stoppedBy?.isTransient == false)
    #expect(report.remaining == 1)
  }
}
