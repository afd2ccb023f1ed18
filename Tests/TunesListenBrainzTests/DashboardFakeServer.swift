// Test support: the fake ListenBrainz dashboard routes (Tests/Fixtures/fake-listenbrainz) on a free
// loopback port with a world written by the test, and the built `tunes` binary run against it.
import Foundation
import Testing

final class FakeListenBrainz: @unchecked Sendable {
  let folder: String
  let process: Process
  private(set) var port = 0
  var portFile: String { folder + "/port" }
  var url: String { "http://127.0.0.1:\(port)" }

  static var routesScript: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/fake-listenbrainz/dashboard_routes.py").path
  }

  /// Starts a server; waits for its port without holding a thread of the shared pool.
  static func start(world: [String: Any]) async throws -> FakeListenBrainz {
    let server = try FakeListenBrainz(world: world)
    let deadline = Date().addingTimeInterval(15)
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
    throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the fake server gave no port: \(said) running=\(server.process.isRunning)"])
  }

  private init(world: [String: Any]) throws {
    folder = NSTemporaryDirectory() + "tunes-dash-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let worldPath = folder + "/world.json"
    try JSONSerialization.data(withJSONObject: world).write(to: URL(fileURLWithPath: worldPath))
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", Self.routesScript, worldPath, portFile]
    // No pipes: a pipe end inherited by a process another test starts would keep readers waiting.
    process.standardOutput = FileHandle.nullDevice
    _ = FileManager.default.createFile(atPath: folder + "/stderr", contents: nil)
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/stderr"))
    try process.run()
  }

  func stop() {
    if process.isRunning {
      // SIGKILL: a blocked-signal mask inherited from the test runner may hold SIGTERM back.
      kill(process.processIdentifier, SIGKILL)
    }
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// The server's current world (to see what POSTs changed).
  func world() throws -> [String: Any] {
    let data = try Data(contentsOf: URL(string: url + "/_dashboard/world")!)
    return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
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
  static func run(_ arguments: [String], server: String, db: String, extra: [String: String] = [:]) async throws -> TunesRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var environment = [
      "HOME": NSTemporaryDirectory(), "PATH": "/usr/bin:/bin", "TZ": "UTC", "TUNES_DB": db,
      "TUNES_LISTENBRAINZ_URL": server, "TUNES_LISTENBRAINZ_TOKEN": "tok-alice", "TUNES_LISTENBRAINZ_USER": "alice",
      "XDG_CONFIG_HOME": (db as NSString).deletingLastPathComponent + "/config",
    ]
    for (key, value) in extra { environment[key] = value }
    process.environment = environment
    // Output goes to files, not pipes (see FakeListenBrainz.init).
    let base = NSTemporaryDirectory() + "tunes-run-" + UUID().uuidString
    _ = FileManager.default.createFile(atPath: base + ".out", contents: nil)
    _ = FileManager.default.createFile(atPath: base + ".err", contents: nil)
    defer {
      try? FileManager.default.removeItem(atPath: base + ".out")
      try? FileManager.default.removeItem(atPath: base + ".err")
    }
    let out = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".out"))
    let err = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".err"))
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    // Waits for the exit off the shared pool, so other tests run meanwhile.
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      process.terminationHandler = { _ in continuation.resume() }
      do { try process.run() } catch {
        process.terminationHandler = nil
        continuation.resume()
      }
    }
    try? out.close()
    try? err.close()
    let outData = FileManager.default.contents(atPath: base + ".out") ?? Data()
    let errData = FileManager.default.contents(atPath: base + ".err") ?? Data()
    return TunesRun(status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self), err: String(decoding: errData, as: UTF8.self))
  }
}
