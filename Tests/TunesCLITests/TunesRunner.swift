// Runs the built `tunes` executable the way a user does (arguments, environment, a private database
// and XDG folders in a temporary directory) and captures stdout, stderr and the exit status.
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

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
    return env
  }

  /// Runs `tunes ARGS` with `--db` pointing into the sandbox (unless `useDatabase` is false). `--db`
  /// goes last: it is an option of each subcommand, not of the root command.
  func run(_ arguments: [String], useDatabase: Bool = true, extraEnvironment: [String: String] = [:]) throws
    -> RunResult
  {
    try TunesExecutable.run(arguments + (useDatabase ? ["--db", database] : []),
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

  /// Runs the executable under `timeout` (a hung command fails its test instead of the whole run), with
  /// stdout and stderr going to files (no pipe can fill up and block it). posix_spawn, not Foundation's
  /// Process: Process.run() in Swift 6.3.1 on Linux over-reads a buffer while listing /proc/self/fd and
  /// crashes the whole test process now and then (swift-corelibs-foundation PR 5472).
  static func run(_ arguments: [String], environment: [String: String], scratch: URL) throws -> RunResult {
    let binary = try #require(path, "the tunes executable was not found beside the tests or in .build/debug")
    let id = UUID().uuidString
    let outPath = scratch.appendingPathComponent("stdout-\(id)").path
    let errPath = scratch.appendingPathComponent("stderr-\(id)").path
    // env -C: the child starts in the sandbox, so nothing it might write lands in the repository.
    let argv = ["/usr/bin/env", "-C", scratch.path, "/usr/bin/timeout", "-k", "5", "60", binary] + arguments
    let status = try spawnAndWait(argv, environment: environment, stdout: outPath, stderr: errPath)
    let result = RunResult(
      status: status,
      stdout: String(decoding: try Data(contentsOf: URL(fileURLWithPath: outPath)), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errPath)), as: UTF8.self))
    unlink(outPath)
    unlink(errPath)
    return result
  }

  struct SpawnError: Error, CustomStringConvertible {
    var code: Int32
    var description: String { "posix_spawn failed: \(String(cString: strerror(code)))" }
  }

  /// glibc 2.34's posix_spawn_file_actions_addclosefrom_np, which the Glibc module does not export:
  /// looked up at run time, skipped where missing (the child then merely inherits descriptors).
  private static func closeOtherDescriptors(_ actions: inout posix_spawn_file_actions_t) {
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
    _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
  }

  /// Starts argv[0] with stdin from /dev/null and stdout/stderr into the named files, closes every other
  /// descriptor in the child (so it never holds another test's pipe open), and waits for it. Returns the
  /// exit status, or 128 + the signal number.
  static func spawnAndWait(_ argv: [String], environment: [String: String], stdout: String, stderr: String)
    throws -> Int32
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    closeOtherDescriptors(&actions)
    let cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    let cEnv: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      cArgs.forEach { free($0) }
      cEnv.forEach { free($0) }
    }
    var pid = pid_t()
    let code = posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv)
    guard code == 0 else { throw SpawnError(code: code) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }
}
