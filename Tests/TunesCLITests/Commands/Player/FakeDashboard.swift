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

  /// Blocking: call off the pool.
  init(world: [String: Any]) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try JSONSerialization.data(withJSONObject: world).write(to: URL(fileURLWithPath: folder + "/world.json"))
    (pid, port) = try spawnPython(
      script: Self.script, arguments: [folder + "/world.json", folder + "/port"], stderr: folder + "/stderr",
      portFile: folder + "/port")
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
