// Test support: the fake server's controls when it serves alone (social_routes.py): the world as it
// is now, the log of requests, and faults that answer a request with a 503 (after applying it, when
// the reply alone is to be lost).
import Foundation

@testable import TunesListenBrainz

extension FakeListenBrainz {
  private func call(_ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> [String: Any] {
    let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
    let reply = try await CurlTransport(connectTimeout: 5, requestTimeout: 30).send(
      HTTPRequest(method: method, url: url + path, body: data))
    return (try JSONSerialization.jsonObject(with: reply.body) as? [String: Any]) ?? [:]
  }

  /// The world as the server holds it now.
  func world() async throws -> [String: Any] { try await call("GET", "/_dashboard/world") }

  /// `user`'s data in the world.
  func user(_ name: String) async throws -> [String: Any] {
    ((try await world()["users"] as? [String: Any])?[name] as? [String: Any]) ?? [:]
  }

  /// Every request so far: method, path, and `tracks` for an item/add.
  func requests() async throws -> [[String: Any]] {
    (try await call("GET", "/_dashboard/requests")["requests"] as? [[String: Any]]) ?? []
  }

  /// The POSTs so far, as "POST path".
  func writes() async throws -> [String] {
    try await requests().filter { $0["method"] as? String == "POST" }.map { "POST \($0["path"] as? String ?? "")" }
  }

  /// Lets `after` requests matching `path` (a regex on "METHOD path") through, then answers the next with
  /// a 503; `apply`: the server does what the request asks first, and only the reply is lost.
  func fail(_ path: String, after: Int = 0, apply: Bool = false) async throws {
    _ = try await call("POST", "/_dashboard/fault", ["path": path, "after": after, "apply": apply])
  }
}
