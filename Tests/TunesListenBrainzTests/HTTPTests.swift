// The API root rule, the response classifier, and CurlTransport against the fake server
// (timeouts, refused and dropped connections, headers sent).
import Foundation
import Testing
import TunesCore

@testable import TunesListenBrainz

@Suite struct APIRootTests {
  @Test(arguments: [
    "http://127.0.0.1:8080", "http://127.4.5.6", "http://localhost:9/", "http://[::1]:8080", "https://api.listenbrainz.org",
    "https://example.org/lb/",
  ])
  func accepted(url: String) throws {
    let root = try APIRoot(url)
    #expect(!root.url.hasSuffix("/"))
  }

  @Test(arguments: [
    "http://api.listenbrainz.org", "http://10.0.0.1", "http://128.0.0.1", "http://127.0.0.1.example.com", "ftp://127.0.0.1",
    "not a url", "https://h/?q=1",
  ])
  func refused(url: String) {
    #expect(throws: ListenBrainzError.self) { try APIRoot(url) }
  }

  /// The API version is part of every path tunes sends; a root that ends with it would double it
  /// (/1/1/…, answered 404, read as "no such user"). It is dropped.
  @Test(arguments: [
    ("http://127.0.0.1:8080/1", "http://127.0.0.1:8080"), ("http://127.0.0.1:8080/1/", "http://127.0.0.1:8080"),
    ("https://example.org/lb/1", "https://example.org/lb"), ("https://api.listenbrainz.org/1/", "https://api.listenbrainz.org"),
    ("https://example.org/v11", "https://example.org/v11"),
  ])
  func trailingVersionIsDropped(url: String, root: String) throws {
    #expect(try APIRoot(url).url == root)
  }

  @Test(arguments: ["http://127.0.0.1:99999", "http://127.0.0.1:0", "https://example.org:70000/"])
  func portOutOfRangeIsABadSetting(url: String) {
    do {
      _ = try APIRoot(url)
      Issue.record("\(url) was accepted")
    } catch {
      #expect(error.exitStatus == .config)
    }
  }

  @Test func environmentChoosesTheRoot() throws {
    #expect(try APIRoot.fromEnvironment([:]).url == "https://api.listenbrainz.org")
    #expect(try APIRoot.fromEnvironment(["TUNES_LISTENBRAINZ_URL": "http://127.0.0.1:5"]).url == "http://127.0.0.1:5")
    do {
      _ = try APIRoot.fromEnvironment(["TUNES_LISTENBRAINZ_URL": "http://example.org"])
      Issue.record("plain http to a remote host was accepted")
    } catch {
      #expect(error.description.contains("use https"))
      #expect(error.exitStatus == .config)
    }
  }
}

@Suite struct ClassifierTests {
  func classify(_ status: Int, _ body: String = "", headers: [String: String] = [:]) -> ClassifiedResponse {
    ResponseClassifier.classify(.success(HTTPResponse(status: status, headers: headers, body: Data(body.utf8))), host: "h")
  }

  @Test func statuses() {
    #expect(classify(200, "{}").outcome == .ok(body: Data("{}".utf8)))
    #expect(classify(204).outcome == .noContent)
    #expect(
      classify(401, #"{"code":401,"error":"Invalid authorization token."}"#).outcome
        == .unauthorized(message: "Invalid authorization token."))
    #expect(classify(404, #"{"code":404,"error":"Cannot find user: x"}"#).outcome == .notFound(message: "Cannot find user: x"))
    #expect(classify(503, #"{"code":503,"error":"later"}"#).outcome == .server(status: 503, message: "later"))
    #expect(classify(500, "<html>").outcome == .server(status: 500, message: nil))
    #expect(classify(415, "<html>").outcome == .unexpectedStatus(status: 415, message: nil))
  }

  @Test func badRequestKeepsTheEchoedListen() throws {
    let reply = classify(
      400,
      #"{"code":400,"error":"Value for key listened_at is too high.","listened_at":1999999999,"track_metadata":{"artist_name":"A"}}"#
    )
    guard case .badRequest(let message, let listen) = reply.outcome else { Issue.record("not a bad request"); return }
    #expect(message == "Value for key listened_at is too high.")
    let listenData = try #require(listen)
    let echoed = try #require(try JSONSerialization.jsonObject(with: listenData) as? [String: Any])
    #expect(Set(echoed.keys) == ["listened_at", "track_metadata"])
    guard case .badRequest(_, let none) = classify(400, #"{"code":400,"error":"Invalid JSON document submitted."}"#).outcome
    else { return }
    #expect(none == nil)
  }

  @Test func rateLimitHeaders() {
    let headers = [
      "x-ratelimit-limit": "30", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1700000010", "X-RateLimit-Reset-In": "7",
    ]
    let reply = classify(429, #"{"code":429,"error":"You have exceeded your rate limit."}"#, headers: headers)
    #expect(reply.outcome == .rateLimited(resetIn: 7))
    #expect(reply.rateLimit == RateLimit(HTTPResponse(status: 429, headers: headers, body: Data())))
    #expect(reply.rateLimit?.limit == 30)
    #expect(reply.rateLimit?.remaining == 0)
    #expect(reply.rateLimit?.reset == 1_700_000_010)
    // Without headers, or with a Reset-In that is no number of seconds to wait, the default window is waited.
    #expect(classify(429).outcome == .rateLimited(resetIn: 10))
    for bad in ["-5", "0", "soon", ""] {
      #expect(classify(429, headers: ["X-RateLimit-Reset-In": bad]).outcome == .rateLimited(resetIn: 10), "\(bad)")
    }
    #expect(classify(200).rateLimit == nil)
  }

  @Test func networkFailuresNameTheHost() {
    let reply = ResponseClassifier.classify(.failure(.timedOut(cause: "Timeout was reached")), host: "api.example")
    #expect(reply.outcome == .network(cause: "Timeout was reached", host: "api.example"))
    #expect(reply.outcome.error?.description == "cannot reach api.example: Timeout was reached")
    #expect(reply.outcome.isTransient)
  }
}

@Suite struct TransportTests {
  @Test func sendsUserAgentAndTokenAndReadsRateLimits() async throws {
    let server = try await FakeServer.start(rateLimit: 5, window: 3600)
    let client = try makeClient(server)
    let check = try await client.validateToken()
    #expect(check == .init(valid: true, userName: FakeServer.user))
    let reply = await client.submitListens(body: Data(#"{"listen_type":"import","payload":[]}"#.utf8))
    #expect(reply.outcome == .badRequest(message: "JSON document does not contain any listens", listen: nil))
    #expect(reply.rateLimit?.limit == 5)
    #expect(reply.rateLimit?.remaining == 3)
    let requests = try await server.requests()
    #expect(requests.first?["user_agent"] as? String == "tunes/\(TunesVersion.string)")
  }

  @Test func invalidTokenIsReportedNotThrown() async throws {
    let server = try await FakeServer.start()
    #expect(try await makeClient(server, token: "wrong").validateToken() == .init(valid: false, userName: nil))
  }

  @Test func wholeRequestTimeout() async throws {
    let server = try await FakeServer.start()
    try await server.control(["delay": 120, "times": 1, "path": "validate-token"])
    let transport = CurlTransport(connectTimeout: 1, requestTimeout: 0.5)
    let started = Date()
    do {
      _ = try await transport.send(HTTPRequest(method: "GET", url: server.root + "/1/validate-token"))
      Issue.record("no timeout")
    } catch {
      guard case .timedOut = error else { Issue.record("\(error)"); return }
    }
    // 0.5 s asked; well under the server's 120 s delay even on a machine ten times slower.
    #expect(Date().timeIntervalSince(started) < 60)
  }

  @Test func refusedConnection() async throws {
    let closed = try ReservedPort()
    let client = ListenBrainzClient(
      root: try APIRoot(closed.root), token: "t", transport: CurlTransport(connectTimeout: 1, requestTimeout: 2))
    let reply = await client.submitListens(body: Data("{}".utf8))
    guard case .network(let cause, let host) = reply.outcome else { Issue.record("\(reply.outcome)"); return }
    #expect(host == "127.0.0.1")
    #expect(!cause.isEmpty)
  }

  @Test func droppedConnection() async throws {
    let server = try await FakeServer.start()
    try await server.control(["drop_after_store": true, "times": 1, "path": "validate-token"])
    do {
      _ = try await CurlTransport(connectTimeout: 1, requestTimeout: 3).send(
        HTTPRequest(method: "GET", url: server.root + "/1/validate-token"))
      Issue.record("no failure")
    } catch {
      guard case .connectionDropped = error else { Issue.record("\(error)"); return }
    }
  }
}
