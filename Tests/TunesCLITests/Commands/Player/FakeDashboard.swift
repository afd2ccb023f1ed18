// The fake ListenBrainz server's dashboard and social routes (Tests/Fixtures/fake-listenbrainz,
// social_routes.py) on a free loopback port, with a world written by the test: stats, listens, feedback,
// pins and the feed as the real server answers them, a log of every request it was sent, and faults on
// demand. For the full-screen UI's ListenBrainz view; killed on deinit.
import Foundation
import Testing

final class FakeDashboard: @unchecked Sendable {
  static let script = TunesExecutable.repository.appendingPathComponent("Tests/Fixtures/fake-listenbrainz/social_routes.py")
    .path
  let pid: pid_t
  let port: Int
  let folder = NSTemporaryDirectory() + "fake-dash-" + UUID().uuidString

  /// Started with posix_spawn (not Foundation's Process, see TunesRunner.swift); blocking: call off the pool.
  init(world: [String: Any]) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try JSONSerialization.data(withJSONObject: world).write(to: URL(fileURLWithPath: folder + "/world.json"))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, folder + "/stderr", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let words = ["/usr/bin/python3", Self.script, folder + "/world.json", folder + "/port"]
    let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var child = pid_t()
    let code = posix_spawn(&child, "/usr/bin/python3", &actions, nil, argv, environ)
    try #require(code == 0, "posix_spawn python3: \(code)")
    pid = child
    var found: Int?
    let deadline = Date().addingTimeInterval(90)
    while found == nil, Date() < deadline {
      let text = (try? String(contentsOfFile: folder + "/port", encoding: .utf8)) ?? ""
      found = text.split(separator: " ").last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
      if found == nil { usleep(20_000) }
    }
    guard let found else {
      kill(child, SIGKILL)
      throw FakeListenBrainz.FakeServerDidNotStart()
    }
    port = found
  }

  deinit {
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    try? FileManager.default.removeItem(atPath: folder)
  }

  var url: String { "http://127.0.0.1:\(port)" }

  /// GET or POST a test-control route (blocking: call off the cooperative pool).
  func call(_ path: String, body: String? = nil) throws -> [String: Any] {
    try controlRoute(url + path, body: body)
  }

  /// Every request the server was sent, as "METHOD path".
  func requests() throws -> [String] {
    ((try call("/_dashboard/requests")["requests"] as? [[String: Any]]) ?? []).map {
      "\($0["method"] as? String ?? "?") \($0["path"] as? String ?? "?")"
    }
  }
}

/// GET (or POST `body` to) a fake server's test-control route with python's urllib, its JSON reply read
/// (blocking: call off the cooperative pool).
func controlRoute(_ url: String, body: String? = nil) throws -> [String: Any] {
  let code = """
    import sys, urllib.request
    data = sys.argv[2].encode() if len(sys.argv) > 2 else None
    print(urllib.request.urlopen(urllib.request.Request(sys.argv[1], data=data), timeout=5).read().decode())
    """
  let result = try runProcess(
    "/usr/bin/python3", ["-c", code, url] + (body.map { [$0] } ?? []), environment: ["PATH": "/usr/bin:/bin"])
  return try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], "\(result.err)")
}
