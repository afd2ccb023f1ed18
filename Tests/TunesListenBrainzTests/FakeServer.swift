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

  let process = Process()
  let port: Int
  var root: String { "http://127.0.0.1:\(port)" }

  /// Starts a server; waits for its port off the cooperative pool (python may be slow to start on a busy machine).
  static func start(rateLimit: Int = 1000, window: Int = 10, port: Int = 0) async throws -> FakeServer {
    try await withCheckedThrowingContinuation { continuation in
      Thread {
        continuation.resume(with: Result { try FakeServer(rateLimit: rateLimit, window: window, port: port) })
      }.start()
    }
  }

  private init(rateLimit: Int, window: Int, port: Int) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [Self.script, "--token", "\(Self.token)=\(Self.user)", "--rate-limit", String(rateLimit), "--window", String(window), "--port", String(port)]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    var line = Data()
    while true {
      let byte = output.fileHandleForReading.readData(ofLength: 1)
      if byte.isEmpty || byte == Data("\n".utf8) { break }
      line.append(byte)
    }
    guard let port = Int(String(decoding: line, as: UTF8.self)) else {
      kill(process.processIdentifier, SIGKILL)
      throw FakeServerError.noPort
    }
    self.port = port
  }

  deinit { stop() }

  func stop() {
    if process.isRunning {
      // SIGKILL: the test runner's blocked-signal mask is inherited, so SIGTERM might never arrive.
      // No waitUntilExit: it spins a run loop on the calling (shared) thread; Foundation reaps the child.
      kill(process.processIdentifier, SIGKILL)
    }
  }

  enum FakeServerError: Error { case noPort, badReply }

  private func call(_ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> [String: Any] {
    let transport = CurlTransport(connectTimeout: 2, requestTimeout: 10)
    let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
    let response = try await transport.send(HTTPRequest(method: method, url: root + path, body: data))
    guard let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any] else { throw FakeServerError.badReply }
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
