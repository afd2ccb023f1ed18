// Runs the built `tunes` executable the way a user does (arguments, environment, a private database
// and XDG folders in a temporary directory) and captures stdout, stderr and the exit status.
import Foundation
import Testing

/// What one run of `tunes` printed and returned.
struct RunResult: CustomStringConvertible {
  var status: Int32
  var stdout: String
  var stderr: String

  var description: String { "exit \(status)\n--- stdout\n\(stdout)\n--- stderr\n\(stderr)" }

  /// stdout parsed as JSON (an array or an object).
  func json() throws -> Any {
    try JSONSerialization.jsonObject(with: Data(stdout.utf8))
  }
}

/// A sandbox for runs of `tunes`: its own temporary folder holding HOME, the XDG folders and `library.db`.
/// Unique per test, since Swift Testing runs tests in parallel.
final class TunesSandbox {
  let folder: URL
  var database: String { folder.appendingPathComponent("library.db").path }

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tunes-cli-\(getpid())-\(UUID().uuidString)")
    for sub in ["home", "data", "config", "runtime"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
    }
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// The environment every run gets: nothing of the user's library, config or player can leak in.
  var environment: [String: String] {
    var env: [String: String] = [:]
    env["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    env["HOME"] = folder.appendingPathComponent("home").path
    env["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
    env["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
    env["XDG_RUNTIME_DIR"] = folder.appendingPathComponent("runtime").path
    env["LANG"] = "C.UTF-8"
    env["TUNES_MPD_PORT"] = "off"  // a player started here keeps off the machine's port 6600
    return env
  }

  /// Runs `tunes ARGS` with `--db` pointing into the sandbox (unless `useDatabase` is false). `--db`
  /// goes last: it is an option of each subcommand, not of the root command.
  func run(_ arguments: [String], useDatabase: Bool = true, extraEnvironment: [String: String] = [:]) throws
    -> RunResult
  {
    try TunesExecutable.run(
      arguments + (useDatabase ? ["--db", database] : []),
      environment: environment.merging(extraEnvironment) { $1 }, scratch: folder)
  }

  /// Makes a folder inside the sandbox.
  func makeFolder(_ name: String) throws -> URL {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}

enum TunesExecutable {
  /// The repository (this file is Tests/TunesCLITests/TunesRunner.swift).
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let sampleLibrary = repository.appendingPathComponent("SampleLibrary")

  /// The `tunes` built beside this test bundle (the products folder), else `.build/debug/tunes`;
  /// `TUNES_BIN` overrides both.
  static let path: String? = {
    let fm = FileManager.default
    if let bin = ProcessInfo.processInfo.environment["TUNES_BIN"], fm.isExecutableFile(atPath: bin) { return bin }
    var candidates: [URL] = []
    let bundle = Bundle.main.bundleURL
    candidates.append(bundle.appendingPathComponent("tunes"))
    candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("tunes"))
    if let executable = Bundle.main.executableURL {
      candidates.append(executable.deletingLastPathComponent().appendingPathComponent("tunes"))
    }
    candidates.append(repository.appendingPathComponent(".build/debug/tunes"))
    return candidates.first { fm.isExecutableFile(atPath: $0.path) }?.path
  }()

  /// Runs the executable under `timeout` (a hung command fails its test instead of the whole run), in the
  /// sandbox folder (nothing it might write lands in the repository), through TunesTestSupport's
  /// ChildProcess (posix_spawn; output into files, so no pipe can fill up and block it).
  static func run(_ arguments: [String], environment: [String: String], scratch: URL) throws -> RunResult {
    let binary = try #require(path, "the tunes executable was not found beside the tests or in .build/debug")
    let result = try ChildProcess.run(
      binary, arguments, environment: environment, workingDirectory: scratch.path, timeout: 60)
    return RunResult(status: result.status, stdout: result.output, stderr: result.errors)
  }
}
