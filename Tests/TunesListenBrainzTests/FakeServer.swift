// Starts Tests/Fixtures/fake-listenbrainz/server.py on its own port for one test, with helpers to set
// fault modes and read what it stored.
import Foundation
import Testing

@testable import TunesListenBrainz

final class FakeServer: @unchecked Sendable {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/fake-listenbrainz/server.py").path
  static let token = "secret-token-\(UUID().uuidString)"
  static let user = "tester"

  let child: BackgroundChild
  let port: Int
  var root: String { "http://127.0.0.1:\(port)" }

  /// Starts a server and waits for the port it prints, off the cooperative pool (python may be slow to
  /// start on a busy machine).
  /// `tokens`: more accounts (token → user name) besides `token` = `user`.
  /// `arguments`: more of server.py's options (e.g. `--fail 503 --fail-times 2`, in force from the first request).
  /// `down`: the port is bound but refuses connections until `comeUp()`, a server that is down; it is
  /// held all along, so no other socket can take it before the server comes up.
  static func start(
    rateLimit: Int = 1000, window: Int = 10, port: Int = 0, tokens: [String: String] = [:], arguments: [String] = [],
    down: Bool = false
  ) async throws -> FakeServer {
    let more =
      tokens.sorted { $0.key < $1.key }.flatMap { ["--token", "\($0.key)=\($0.value)"] } + arguments + (down ? ["--hold"] : [])
    let child = try ChildProcess.start(
      "/usr/bin/python3",
      [script, "--token", "\(token)=\(user)"] + more + [
        "--rate-limit", String(rateLimit), "--window", String(window), "--port", String(port),
      ])
    guard let line = try await child.readLine(timeout: 60), let port = Int(line) else {
      child.stop()
      throw FakeServerError.noPort(child.errors)
    }
    return FakeServer(child: child, port: port)
  }

  private init(child: BackgroundChild, port: Int) {
    self.child = child
    self.port = port
  }

  deinit { stop() }

  /// Starts accepting connections (a server started `down`); returns once it does.
  func comeUp() async throws {
    child.kill(SIGUSR1)
    guard try await child.readLine(timeout: 60) == "listening" else { throw FakeServerError.noPort(child.errors) }
  }

  /// SIGKILL and reap (BackgroundChild.stop): the test runner's blocked-signal mask used to be inherited,
  /// and a killed child is reaped at once, so this never holds up the caller.
  func stop() { child.stop() }

  enum FakeServerError: Error { case noPort(String), badReply }

  private func call(_ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> [String: Any] {
    let transport = CurlTransport(connectTimeout: 2, requestTimeout: 10)
    let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
    let response = try await transport.send(HTTPRequest(method: method, url: root + path, body: data))
    guard let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any] else {
      throw FakeServerError.badReply
    }
    return object
  }

  func control(_ command: [String: Any]) async throws { _ = try await call("POST", "/__control", command) }

  func playingNow() async throws -> [[String: Any]] {
    let payload = try await call("GET", "/1/user/\(Self.user)/playing-now")["payload"] as? [String: Any]
    return (payload?["listens"] as? [[String: Any]]) ?? []
  }

  func storedListens() async throws -> [[String: Any]] {
    (try await call("GET", "/__listens")["listens"] as? [[String: Any]]) ?? []
  }

  /// Log of submit-listens requests: listen_type, count, bytes, status.
  func requests() async throws -> [[String: Any]] {
    (try await call("GET", "/__requests")["requests"] as? [[String: Any]]) ?? []
  }
}
