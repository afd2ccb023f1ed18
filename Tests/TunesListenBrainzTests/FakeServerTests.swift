// The fake server answers as the API facts say (order of checks, messages, error body shape), so the
// client tests against it mean something.
import Foundation
import Testing

@testable import TunesListenBrainz

@Suite struct FakeServerTests {
  static let now = Int(Date().timeIntervalSince1970)
  static func listen(_ at: Any = now - 60, _ metadata: String = #"{"artist_name":"A","track_name":"T"}"#) -> String {
    #"{"listened_at":\#(at),"track_metadata":\#(metadata)}"#
  }

  static let cases: [(String, String)] = [
    ("[]", "Invalid JSON document submitted. Top level of JSON document should be a json object."),
    ("{", "Cannot parse JSON document: "),
    (#"{"listen_type":"single"}"#, "Invalid JSON document submitted."),
    (#"{"listen_type":"single","payload":{}}"#, "The payload in the JSON document should be a list of listens."),
    (#"{"listen_type":"single","payload":[]}"#, "JSON document does not contain any listens"),
    (#"{"payload":[\#(listen())]}"#, "Invalid JSON document submitted."),
    (#"{"listen_type":"other","payload":[\#(listen())]}"#, "JSON document requires a valid listen_type key."),
    (
      #"{"listen_type":"single","payload":[\#(listen()),\#(listen())]}"#,
      "JSON document contains more than listen for a single/playing_now. It should contain only one."
    ),
    (#"{"listen_type":"single","payload":[\#(listen(now + 7200))]}"#, "Value for key listened_at is too high."),
    (#"{"listen_type":"single","payload":[\#(listen(1_033_430_399))]}"#, "Value for key listened_at is too low."),
    (#"{"listen_type":"single","payload":[\#(listen("\"x\""))]}"#, "JSON document must contain an int value for listened_at."),
    (
      #"{"listen_type":"playing_now","payload":[\#(listen())]}"#,
      "JSON document must not contain listened_at while submitting playing_now."
    ),
    (
      #"{"listen_type":"import","payload":[\#(listen(now - 60, #"{"artist_name":"A"}"#))]}"#,
      "JSON document does not contain required field track_metadata.track_name."
    ),
    (
      #"{"listen_type":"import","payload":[\#(listen(now - 60, #"{"artist_name":" ","track_name":"T"}"#))]}"#,
      "field track_metadata.artist_name is empty."
    ),
    (
      #"{"listen_type":"import","payload":[\#(listen(now - 60, #"{"artist_name":"A","track_name":"T","additional_info":{"duration":1,"duration_ms":1000}}"#))]}"#,
      "JSON document should not contain both duration and duration_ms."
    ),
    (
      #"{"listen_type":"import","payload":[\#(listen(now - 60, #"{"artist_name":"A","track_name":"T","additional_info":{"artist_mbids":["x"]}}"#))]}"#,
      "artist_mbids MBID format invalid."
    ),
  ]

  @Test func submitListensValidation() async throws {
    let server = try await FakeServer.start()
    let client = try makeClient(server)
    for (body, message) in Self.cases {
      let reply = await client.submitListens(body: Data(body.utf8))
      guard case .badRequest(let got, _) = reply.outcome else { Issue.record("\(body): \(reply.outcome)"); continue }
      #expect(got.hasPrefix(message), "\(body)")
    }
    #expect(try await server.storedListens().isEmpty)
  }

  @Test func errorBodyCarriesTheListenAndAuthComesFirst() async throws {
    let server = try await FakeServer.start()
    let body = Data(
      #"{"listen_type":"import","payload":[{"listened_at":"1999999999","track_metadata":{"artist_name":" A ","track_name":"T"}}]}"#
        .utf8)
    let reply = await (try makeClient(server)).submitListens(body: body)
    guard case .badRequest(_, let listen) = reply.outcome, let listen else { Issue.record("\(reply.outcome)"); return }
    let echoed = try #require(try JSONSerialization.jsonObject(with: listen) as? [String: Any])
    #expect(echoed["listened_at"] as? Int == 1_999_999_999)  // converted to an int before the bound check
    // A bad token is refused before the body is even looked at.
    let unauthorized = await (try makeClient(server, token: "nope")).submitListens(body: Data("garbage".utf8))
    #expect(unauthorized.outcome == .unauthorized(message: "Invalid authorization token."))
    let missing = await ListenBrainzClient(root: try APIRoot(server.root), token: nil).submitListens(body: body)
    #expect(missing.outcome == .unauthorized(message: "You need to provide an Authorization header."))
  }

  @Test func duplicatesAreNoOpsAndPlayingNowIsNotAListen() async throws {
    let server = try await FakeServer.start()
    let client = try makeClient(server)
    let one = Data(#"{"listen_type":"single","payload":[\#(Self.listen())]}"#.utf8)
    #expect(await client.submitListens(body: one).outcome == .ok(body: Data("{\"status\":\"ok\"}\n".utf8)))
    _ = await client.submitListens(body: one)
    try await client.playingNow(listen: Data(#"{"track_metadata":{"artist_name":"A","track_name":"Now"}}"#.utf8))
    #expect(try await server.storedListens().count == 1)
    let cleared = await client.request("POST", "/1/playing-now/delete", body: Data("{}".utf8))
    guard case .ok(let body) = cleared.outcome else { Issue.record("\(cleared.outcome)"); return }
    #expect(String(decoding: body, as: UTF8.self).contains("Playing now cleared successfully"))
    let unknown = await client.request("GET", "/1/nowhere")
    guard case .notFound = unknown.outcome else { Issue.record("\(unknown.outcome)"); return }
    #expect(unknown.rateLimit != nil)
  }
}
