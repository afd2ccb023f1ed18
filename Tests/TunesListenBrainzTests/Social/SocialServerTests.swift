// The social routes inside the whole fake server (server.py, with its rate-limit headers and injected
// faults): a 503 or a 429 keeps a write queued with the reason, a refused token keeps it and fails,
// and the next command with a good token sends it.
import Foundation
import GRDB
import Testing

@testable import TunesListenBrainz

@Suite(.serialized) struct SocialServerTests {
  static func post(_ server: FakeServer, _ path: String, _ object: [String: Any]) async throws {
    let body = try JSONSerialization.data(withJSONObject: object)
    let response = try await CurlTransport().send(HTTPRequest(method: "POST", url: server.root + path, body: body))
    #expect(response.status == 200)
  }

  @Test func faultsKeepAWriteQueuedUntilItIsSent() async throws {
    let server = try await FakeServer.start(tokens: ["tok-alice": "alice"])
    try await Self.post(server, "/__dashboard_world", SocialFixture.world())
    let db = NSTemporaryDirectory() + "tunes-social-server-\(UUID().uuidString)/library.db"
    func run(_ arguments: String..., token: String = "tok-alice") async throws -> TunesRun {
      try await TunesBinary.run(arguments, server: server.root, db: db, extra: ["TUNES_LISTENBRAINZ_TOKEN": token])
    }
    func pending() throws -> [Row] {
      try DatabaseQueue(path: db).read { db in try Row.fetchAll(db, sql: "SELECT * FROM outbox ORDER BY id") }
    }

    try await server.control(["fail": 503, "times": 1, "path": "/follow$"])
    var r = try await run("lb", "follow", "carol")
    #expect(r.status == 0, "\(r.err)")
    #expect(
      r.out
        == "follow carol: queued (ListenBrainz server error 503: Injected failure 503); 1 waiting, sent by the next social command (e.g. `tunes lb feed`)\n"
    )

    try await server.control(["fail": 429, "times": 1, "path": "/follow$", "headers": ["X-RateLimit-Reset-In": "42"]])
    r = try await run("lb", "feed", "hide", "rec/1", "--json")
    #expect(r.status == 0 && r.json["queued"] as? Bool == true, "\(r.err)")
    #expect(r.json["queuedBecause"] as? String == "ListenBrainz rate limit reached; try again in 42 s")
    #expect(try pending().map { $0["action"] as String } == ["follow", "hide"])

    // A token the server refuses: the writes stay, the command fails with the token's message.
    r = try await run("lb", "feed", token: "wrong")
    #expect(r.status == 77 && r.err.contains("Invalid authorization token."), "\(r.err)")
    #expect(try pending().map { $0["attempts"] as Int } == [3, 0])
    #expect(
      try pending().first?["lastError"] as String?
        == "ListenBrainz refused the token (Invalid authorization token.); run `tunes lb login` again")

    r = try await run("lb", "feed", "--json", "--max-ts", String(SocialFixture.before))
    #expect(r.status == 0, "\(r.err)")
    #expect(r.err == "tunes: sent the queued follow carol\ntunes: sent the queued hide rec/1\n")
    #expect((r.json["events"] as? [[String: Any]])?.first { $0["id"] as? Int == 1 }?["hidden"] as? Bool == true)
    #expect(try pending().isEmpty)
  }
}
