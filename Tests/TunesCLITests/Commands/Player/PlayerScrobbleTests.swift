// The player process wired to ListenBrainz: a song heard past its threshold is counted and queued in the
// library, then submitted from inside the daemon to the fake ListenBrainz server; with no account it is
// still counted and kept pending for a later login.
import Foundation
import Testing

/// The fake ListenBrainz server of Tests/Fixtures, on a free loopback port; terminated on deinit.
final class FakeListenBrainz: @unchecked Sendable {
  static let script = TunesExecutable.repository.appendingPathComponent("Tests/Fixtures/fake-listenbrainz/server.py").path
  let pid: pid_t
  let port: Int
  let token = "tok-" + UUID().uuidString
  private let portFile = NSTemporaryDirectory() + "/fake-lb-port-" + UUID().uuidString

  /// It prints its port.
  init() throws {
    (pid, port) = try spawnPython(
      script: Self.script, arguments: ["--token", "\(token)=tester"], stdout: portFile, portFile: portFile)
  }

  deinit {
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    unlink(portFile)
  }

  var url: String { "http://127.0.0.1:\(port)" }

  /// GET or POST a test-control route with python's urllib (blocking: call off the cooperative pool).
  func call(_ path: String, body: String? = nil) throws -> [String: Any] {
    try controlRoute(url + path, body: body)
  }
}

@Suite(.enabled(if: playerToolsPresent && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")), .serialized)
struct PlayerScrobbleTests {
  func json(_ result: ToolResult) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], "\(result.err)")
  }

  @Test func aHeardSongIsCountedQueuedAndSubmittedFromThePlayer() async throws {
    let server = try await offPool { try FakeListenBrainz() }
    let home = try PlayerHome()
    home.extraEnvironment = ["TUNES_LISTENBRAINZ_URL": server.url, "TUNES_LISTENBRAINZ_TOKEN": server.token]
    try home.makeSong("song.mp3", title: "Heard", artist: "Ezra", album: "Ears", seconds: 2)
    try #require(try await home.tunes("index", home.music).status == 0)
    // Submissions answer late (playing_now uses the same endpoint, hence three), so the listen is seen
    // waiting in the queue first.
    _ = try await offPool { _ = try server.call("/__control", body: #"{"delay": 2, "times": 3}"#) }

    let pid = try await home.startDaemon(["--device", "null", "--pace", "realtime"])
    #expect(
      try await home.waitFor(10) {
        let stats = try runProcess(builtTunes!, ["stats", "--json"], environment: home.environment)
        return (try? JSONSerialization.jsonObject(with: Data(stats.out.utf8)) as? [String: Any])?["totalPlays"] as? Int == 1
      })
    let waiting = try json(try await home.tunes("lb", "status", "--json"))
    #expect(waiting["pending"] as? Int == 1)

    #expect(try await home.waitFor(15) { (try server.call("/__listens"))["count"] as? Int == 1 })
    let names = try await offPool { () -> [String?] in
      let listens = try server.call("/__listens")["listens"] as? [[String: Any]]
      let metadata = listens?.first?["track_metadata"] as? [String: Any]
      return [metadata?["track_name"] as? String, metadata?["artist_name"] as? String]
    }
    #expect(names == ["Heard", "Ezra"])
    #expect(
      try await home.waitFor(5) {
        let status = try runProcess(builtTunes!, ["lb", "status", "--json"], environment: home.environment)
        return (try? JSONSerialization.jsonObject(with: Data(status.out.utf8)) as? [String: Any])?["pending"] as? Int == 0
      })
    // Played once, counted once.
    #expect(try json(try await home.tunes("stats", "--json"))["totalPlays"] as? Int == 1)
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(10) { PlayerHome.ended(pid) })
  }

  @Test func withoutAnAccountThePlayIsStillCountedAndKept() async throws {
    let home = try PlayerHome()
    try home.makeSong("song.mp3", title: "Unsent", artist: "Fay", album: "F", seconds: 2)
    try #require(try await home.tunes("index", home.music).status == 0)
    let pid = try await home.startDaemon(["--device", "null", "--pace", "realtime"])
    #expect(
      try await home.waitFor(10) {
        let stats = try runProcess(builtTunes!, ["stats", "--json"], environment: home.environment)
        return (try? JSONSerialization.jsonObject(with: Data(stats.out.utf8)) as? [String: Any])?["totalPlays"] as? Int == 1
      })
    let status = try json(try await home.tunes("lb", "status", "--json"))
    #expect(status["pending"] as? Int == 1)
    #expect(status["loggedIn"] as? Bool == false)
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(10) { PlayerHome.ended(pid) })
  }
}
