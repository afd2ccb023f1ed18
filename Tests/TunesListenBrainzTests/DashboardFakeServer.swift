// Test support: the fake ListenBrainz dashboard routes (Tests/Fixtures/fake-listenbrainz) on a free
// loopback port with a world written by the test, and the built `tunes` binary run against it.
import Foundation
import Testing

final class FakeListenBrainz: @unchecked Sendable {
  let folder: String
  let process: Process
  let port: Int
  var url: String { "http://127.0.0.1:\(port)" }

  static var routesScript: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/fake-listenbrainz/dashboard_routes.py").path
  }

  init(world: [String: Any]) throws {
    folder = NSTemporaryDirectory() + "tunes-dash-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let worldPath = folder + "/world.json"
    try JSONSerialization.data(withJSONObject: world).write(to: URL(fileURLWithPath: worldPath))
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let portFile = folder + "/port"
    process.arguments = ["python3", Self.routesScript, worldPath, portFile]
    // No pipes: a pipe end inherited by a process another test starts would keep readers waiting.
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(10)
    var text = ""
    while Date() < deadline {
      if let data = FileManager.default.contents(atPath: portFile) {
        text = String(decoding: data, as: UTF8.self)
        break
      }
      usleep(10_000)
    }
    guard let number = text.split(separator: " ").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
      kill(process.processIdentifier, SIGKILL)
      throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "fake server gave no port: '\(text)'"])
    }
    port = number
  }

  func stop() {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
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
  static func run(_ arguments: [String], server: String, db: String, extra: [String: String] = [:]) throws -> TunesRun {
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
    try process.run()
    process.waitUntilExit()
    try? out.close()
    try? err.close()
    let outData = FileManager.default.contents(atPath: base + ".out") ?? Data()
    let errData = FileManager.default.contents(atPath: base + ".err") ?? Data()
    return TunesRun(status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self), err: String(decoding: errData, as: UTF8.self))
  }
}
