// Support for end-to-end tests of the player daemon: a temporary home (XDG folders, database, socket),
// tiny MP3s made with sox + lame, the built `tunes` binary run on a thread of its own, and a daemon
// that is always SIGKILLed when the test ends, whatever happened.
import Foundation
import Testing
import TunesTestSupport

/// The `tunes` executable this build produced (found as the other CLI tests find it).
let builtTunes: String? = TunesExecutable.path

let playerToolsPresent =
  builtTunes != nil
  && ["/usr/bin/sox", "/usr/bin/lame", "/usr/bin/mpc"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }

/// Blocking work (processes, sockets, sleeps) on its own thread, never on the cooperative pool.
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}

struct ToolResult: Sendable {
  var out: String
  var err: String
  var status: Int32
}

/// Runs a tool (under `timeout`, so a hung one fails its test) with posix_spawn and its output in files,
/// through the shared test support (Foundation's Process can crash a test process here).
func runProcess(_ tool: String, _ arguments: [String], environment: [String: String]) throws -> ToolResult {
  let result = try ChildProcess.run(tool, arguments, environment: environment, timeout: 60)
  return ToolResult(out: result.output, err: result.errors, status: result.status)
}

/// A fake server's python `script` started with posix_spawn (not Foundation's Process, see TunesRunner.swift)
/// with stdin from /dev/null and stdout and stderr to the files named (or /dev/null), then its port, read
/// from the last word of the line it writes to `portFile`; killed when it gives none within 90 s (python can
/// take seconds to start on a busy machine). Blocking: call off the cooperative pool.
func spawnPython(
  script: String, arguments: [String], stdout: String? = nil, stderr: String? = nil, portFile: String
) throws -> (pid: pid_t, port: Int) {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  for (descriptor, path) in [(Int32(1), stdout), (2, stderr)] {
    if let path {
      posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    } else {
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
    }
  }
  let words = ["/usr/bin/python3", script] + arguments
  let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  var child = pid_t()
  let code = posix_spawn(&child, "/usr/bin/python3", &actions, nil, argv, environ)
  try #require(code == 0, "posix_spawn python3: \(code)")
  let deadline = Date().addingTimeInterval(90)
  while Date() < deadline {
    // A whole line only: a reader may see the file before the writer's newline.
    let text = (try? String(contentsOfFile: portFile, encoding: .utf8)) ?? ""
    if text.hasSuffix("\n"),
      let port = text.split(separator: " ").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
    {
      return (child, port)
    }
    usleep(20_000)
  }
  kill(child, SIGKILL)
  var status: Int32 = 0
  waitpid(child, &status, 0)
  throw FakeServerDidNotStart(script: script)
}

struct FakeServerDidNotStart: Error {
  var script: String
}

final class Locked2<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func set(_ new: Value) { lock.withLock { value = new } }
  func get() -> Value { lock.withLock { value } }
}

/// One isolated tunes installation in a temporary folder.
final class PlayerHome: @unchecked Sendable {
  let root: String
  let music: String
  let socket: String
  var extraEnvironment: [String: String] = [:]
  private let daemonPID = Locked2<Int32?>(nil)

  init() throws {
    root = "/tmp/tp-" + UUID().uuidString.prefix(12)
    music = root + "/music"
    socket = root + "/run/mpd.sock"
    try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
  }

  /// SIGKILL the daemon (if any) and remove the folder, so no process outlives a failed test.
  deinit {
    if let pid = daemonPID.get() { kill(pid, SIGKILL) }
    try? FileManager.default.removeItem(atPath: root)
  }

  var environment: [String: String] {
    var env = [
      "HOME": root, "XDG_RUNTIME_DIR": root + "/run", "XDG_STATE_HOME": root + "/state", "XDG_CONFIG_HOME": root + "/config",
      "XDG_DATA_HOME": root + "/data", "TUNES_DB": root + "/library.db", "TUNES_MPD_SOCKET": socket, "PATH": "/usr/bin:/bin",
      "MPD_HOST": socket,
      // Test players listen on their socket alone: port 6600 is the machine's (a real mpd, or a test of it).
      "TUNES_MPD_PORT": "off",
    ]
    env.merge(extraEnvironment) { _, new in new }
    return env
  }

  var logPath: String { root + "/state/tunes/player.log" }

  /// A tagged MP3 of `seconds` of 8 kHz mono sine under the music folder.
  func makeSong(_ relative: String, title: String, artist: String, album: String, seconds: Double) throws {
    let path = music + "/" + relative
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let wav = path + ".wav"
    let sox = try runProcess(
      "/usr/bin/sox", ["-n", "-r", "8000", "-c", "1", wav, "synth", "\(seconds)", "sine", "440"], environment: environment)
    try #require(sox.status == 0, "sox: \(sox.err)")
    let lame = try runProcess(
      "/usr/bin/lame", ["--quiet", "--add-id3v2", "--tt", title, "--ta", artist, "--tl", album, wav, path],
      environment: environment)
    try #require(lame.status == 0, "lame: \(lame.err)")
    try FileManager.default.removeItem(atPath: wav)
  }

  /// Makes `songs` (as `makeSong` does) and indexes the music folder: where a player test starts.
  func index(_ songs: (path: String, title: String, artist: String, album: String, seconds: Double)...) async throws {
    for song in songs {
      try makeSong(song.path, title: song.title, artist: song.artist, album: song.album, seconds: song.seconds)
    }
    let indexed = try await tunes("index", music)
    try #require(indexed.status == 0, "index: \(indexed.err)")
  }

  /// `tunes quit` to the daemon `pid`, which has ended within 10 s.
  func quit(_ pid: Int32, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    #expect(try await tunes("quit").status == 0, sourceLocation: sourceLocation)
    #expect(try await waitFor(10) { PlayerHome.ended(pid) }, sourceLocation: sourceLocation)
  }

  func tunes(_ arguments: String...) async throws -> ToolResult {
    try await tunes(arguments: arguments)
  }

  func tunes(arguments: [String]) async throws -> ToolResult {
    let binary = try #require(builtTunes)
    let env = environment
    return try await offPool { try runProcess(binary, arguments, environment: env) }
  }

  func mpc(_ arguments: String...) async throws -> ToolResult {
    let env = environment
    return try await offPool { try runProcess("/usr/bin/mpc", arguments, environment: env) }
  }

  /// Starts `tunes play --daemon …` and remembers the daemon's pid (from its answer) for the teardown.
  func startDaemon(_ arguments: [String]) async throws -> Int32 {
    let binary = try #require(builtTunes)
    let env = environment
    let result = try await offPool { try runProcess(binary, ["play", "--daemon"] + arguments, environment: env) }
    try #require(result.status == 0, "daemon start failed: \(result.err)")
    let digits = result.out.components(separatedBy: "pid ").dropFirst().first?.prefix { $0.isNumber } ?? ""
    let pid = try #require(Int32(digits), "no pid in \(result.out)")
    daemonPID.set(pid)
    return pid
  }

  /// The daemon's process has ended (gone, or a zombie nobody reaped yet).
  static func ended(_ pid: Int32) -> Bool {
    if kill(pid, 0) != 0 { return true }
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
  }

  /// Polls `condition` off the cooperative pool for up to `seconds`.
  func waitFor(_ seconds: Double, _ condition: @escaping @Sendable () throws -> Bool) async throws -> Bool {
    try await offPool {
      // At least a minute whatever the caller names: a condition that holds ends the wait at once, and
      // on a busy machine a player's start or a child process can take many times its usual second.
      let deadline = Date().addingTimeInterval(max(seconds, 60))
      while Date() < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.05)
      }
      return try condition()
    }
  }
}

/// `tunes status --json` as a dictionary.
func statusJSON(_ home: PlayerHome) async throws -> [String: Any] {
  let result = try await home.tunes("status", "--json")
  try #require(result.status == 0, "status failed: \(result.err)")
  return try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
}
