// Test support: the fake ListenBrainz dashboard routes (Tests/Fixtures/fake-listenbrainz) on a free
// loopback port with a world written by the test, and the built `tunes` binary run against it.
import Foundation
import Testing

final class FakeListenBrainz: @unchecked Sendable {
  let folder: String
  let pid: pid_t
  private var stopped = false
  private(set) var port = 0
  var portFile: String { folder + "/port" }
  var url: String { "http://127.0.0.1:\(port)" }

  static var routesScript: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/fake-listenbrainz/social_routes.py").path
  }

  /// Starts a server; waits for its port without holding a thread of the shared pool, as long as a
  /// python start takes on a busy machine with many suites starting servers at once.
  static func start(world: [String: Any]) async throws -> FakeListenBrainz {
    let server = try FakeListenBrainz(world: world)
    let deadline = Date().addingTimeInterval(90)
    while Date() < deadline {
      if let data = FileManager.default.contents(atPath: server.portFile),
        let number = String(decoding: data, as: UTF8.self).split(separator: " ").last
          .flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
      {
        server.port = number
        return server
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    let said = FileManager.default.contents(atPath: server.folder + "/stderr").map { String(decoding: $0, as: UTF8.self) } ?? ""
    throw CocoaError(
      .fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the fake server gave no port: \(said) pid \(server.pid)"])
  }

  private init(world: [String: Any]) throws {
    folder = NSTemporaryDirectory() + "tunes-dash-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let worldPath = folder + "/world.json"
    try JSONSerialization.data(withJSONObject: world).write(to: URL(fileURLWithPath: worldPath))
    pid = try Spawn.start(
      ["/usr/bin/env", "python3", Self.routesScript, worldPath, folder + "/port"], stdout: "/dev/null", stderr: folder + "/stderr"
    )
  }

  func stop() {
    guard !stopped else { return }
    stopped = true
    // SIGKILL: a blocked-signal mask inherited from the test runner may hold SIGTERM back.
    kill(pid, SIGKILL)
    var status: Int32 = 0
    _ = waitpid(pid, &status, 0)
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(atPath: folder)
  }
}

struct TunesRun {
  var status: Int32
  var out: String
  var err: String

  var json: [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(out.utf8))) as? [String: Any] ?? [:]
  }
}

enum TunesBinary {
  static var path: String {
    let testBinary = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
    var folder = testBinary.deletingLastPathComponent()
    while !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("tunes").path), folder.path != "/" {
      folder = folder.deletingLastPathComponent()
    }
    return folder.appendingPathComponent("tunes").path
  }

  /// Runs `tunes ARGS` with a clean environment: the fake server's URL, a token, a database and TZ=UTC.
  /// `stdin`: a file read as standard input (default none: /dev/null).
  static func run(_ arguments: [String], server: String, db: String, extra: [String: String] = [:], stdin: String = "/dev/null")
    async throws -> TunesRun
  {
    var environment = [
      "HOME": NSTemporaryDirectory(), "PATH": "/usr/bin:/bin", "TZ": "UTC", "TUNES_DB": db,
      "TUNES_LISTENBRAINZ_URL": server, "TUNES_LISTENBRAINZ_TOKEN": "tok-alice", "TUNES_LISTENBRAINZ_USER": "alice",
      "XDG_CONFIG_HOME": (db as NSString).deletingLastPathComponent + "/config",
    ]
    for (key, value) in extra { environment[key] = value }
    let base = NSTemporaryDirectory() + "tunes-run-" + UUID().uuidString
    defer {
      unlink(base + ".out")
      unlink(base + ".err")
    }
    // `timeout`: a hung command fails its test instead of the whole run.
    let pid = try Spawn.start(
      ["/usr/bin/timeout", "-k", "5", "60", path] + arguments, environment: environment, stdin: stdin, stdout: base + ".out",
      stderr: base + ".err")
    let status = await Spawn.wait(pid)
    let outData = FileManager.default.contents(atPath: base + ".out") ?? Data()
    let errData = FileManager.default.contents(atPath: base + ".err") ?? Data()
    return TunesRun(status: status, out: String(decoding: outData, as: UTF8.self), err: String(decoding: errData, as: UTF8.self))
  }
}

/// posix_spawn, not Foundation's Process: Process.run() in Swift 6.3.1 on Linux misreads /proc/self/fd
/// now and then, which left children that never started their program. Output goes to files (a pipe
/// end inherited by another test's child would keep a reader waiting), other descriptors are closed.
enum Spawn {
  struct Failure: Error, CustomStringConvertible {
    var code: Int32
    var description: String { "posix_spawn failed: \(String(cString: strerror(code)))" }
  }

  static func start(
    _ argv: [String], environment: [String: String]? = nil, stdin: String = "/dev/null", stdout: String, stderr: String
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
      _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
    }
    let env = environment ?? ProcessInfo.processInfo.environment
    let cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    let cEnv: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      cArgs.forEach { free($0) }
      cEnv.forEach { free($0) }
    }
    var pid = pid_t()
    let code = posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv)
    guard code == 0 else { throw Failure(code: code) }
    return pid
  }

  /// The exit status (128 + signal when killed), waited for on a thread of its own, not the shared pool.
  static func wait(_ pid: pid_t) async -> Int32 {
    await withCheckedContinuation { continuation in
      Thread {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7f
        continuation.resume(returning: signal == 0 ? (status >> 8) & 0xff : 128 + signal)
      }.start()
    }
  }
}
