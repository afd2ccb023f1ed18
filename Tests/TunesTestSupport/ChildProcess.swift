// Runs other programs from tests with posix_spawn instead of Foundation's Process, whose run() in Swift
// 6.3.1 on Linux over-reads a buffer while listing /proc/self/fd and now and then crashes a whole test run.
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What one finished child printed and returned.
public struct ChildResult: Sendable, CustomStringConvertible {
  /// The exit status, or 128 + the signal number when a signal ended it (124 when `timeout` stopped it).
  public var status: Int32
  public var stdout: Data
  public var stderr: Data

  public init(status: Int32, stdout: Data, stderr: Data) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
  }

  public var output: String { String(decoding: stdout, as: UTF8.self) }
  public var errors: String { String(decoding: stderr, as: UTF8.self) }
  public var description: String { "exit \(status)\n--- stdout\n\(output)\n--- stderr\n\(errors)" }
}

public struct ChildProcessError: Error, CustomStringConvertible {
  public var description: String
  init(_ call: String, _ code: Int32) { description = "ChildProcess.swift: \(call) failed: \(String(cString: strerror(code)))" }
}

public enum ChildProcess {
  /// Where the child's standard input comes from.
  public enum Input: Sendable {
    /// /dev/null: the child sees end of input at once.
    case null
    /// These bytes, then end of input.
    case bytes(Data)
    /// The named file.
    case file(String)
  }

  /// Runs `executable ARGUMENTS` to completion and returns its status, stdout and stderr. Blocks the calling
  /// thread: from async code use the `async` overload, which waits on a thread of its own.
  /// - environment: nil inherits the test process's environment.
  /// - stdoutFile: write stdout to this file instead of capturing it (the result's `stdout` is then empty).
  /// - mergeStderr: stderr goes where stdout goes (the result's `stderr` is then empty).
  /// - timeout: seconds before `/usr/bin/timeout` stops the child (status 124), so a hung child fails its
  ///   test instead of the whole run; nil for none.
  /// Output goes to unlinked temporary files, never pipes, so a child can never block on a full pipe.
  public static func run(
    _ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil, input: Input = .null,
    workingDirectory: String? = nil, stdoutFile: String? = nil, mergeStderr: Bool = false, timeout: Int? = 120
  ) throws -> ChildResult {
    let out = try stdoutFile == nil ? ScratchFile() : nil
    let err = try mergeStderr ? nil : ScratchFile()
    var stdinFile: ScratchFile?
    var stdin = StandardStream.path("/dev/null", O_RDONLY)
    switch input {
    case .null: break
    case .bytes(let data):
      let file = try ScratchFile()
      try file.write(data)
      stdinFile = file
      stdin = .descriptor(file.fd)
    case .file(let path): stdin = .path(path, O_RDONLY)
    }
    let stdout: StandardStream = out.map { .descriptor($0.fd) } ?? .path(stdoutFile!, O_WRONLY | O_CREAT | O_TRUNC)
    let stderr: StandardStream = err.map { .descriptor($0.fd) } ?? .sameAsStdout
    let pid = try spawn(
      command(executable, arguments, workingDirectory: workingDirectory, timeout: timeout),
      environment: environment, stdin: stdin, stdout: stdout, stderr: stderr)
    let status = waitForExit(pid)
    _ = stdinFile
    return ChildResult(status: status, stdout: try out?.readAll() ?? Data(), stderr: try err?.readAll() ?? Data())
  }

  /// `run` waiting on a dedicated thread, so the cooperative pool (two threads on this machine) stays free
  /// for the servers other tests are running meanwhile.
  public static func run(
    _ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil, input: Input = .null,
    workingDirectory: String? = nil, stdoutFile: String? = nil, mergeStderr: Bool = false, timeout: Int? = 120
  ) async throws -> ChildResult {
    try await offCooperativePool {
      try run(
        executable, arguments, environment: environment, input: input, workingDirectory: workingDirectory,
        stdoutFile: stdoutFile, mergeStderr: mergeStderr, timeout: timeout)
    }
  }

  /// Starts `executable ARGUMENTS` in the background; read its stdout line by line, then `stop()` it.
  public static func start(
    _ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil,
    workingDirectory: String? = nil
  ) throws -> BackgroundChild {
    try BackgroundChild(
      command(executable, arguments, workingDirectory: workingDirectory, timeout: nil), environment: environment)
  }

  /// The argv actually spawned: `env -C` for the working directory (posix_spawn has no portable chdir
  /// action), `timeout` around the program.
  static func command(_ executable: String, _ arguments: [String], workingDirectory: String?, timeout: Int?) -> [String] {
    var argv = [executable] + arguments
    if let timeout { argv = ["/usr/bin/timeout", "-k", "5", String(timeout)] + argv }
    if let workingDirectory { argv = ["/usr/bin/env", "-C", workingDirectory] + argv }
    return argv
  }

  enum StandardStream {
    case path(String, Int32)
    case descriptor(Int32)
    case sameAsStdout
  }

  /// glibc 2.34's posix_spawn_file_actions_addclosefrom_np, which the Glibc module does not export:
  /// looked up at run time. Every descriptor this file opens is close-on-exec anyway; this also covers
  /// descriptors that other code in the test process opened without that flag (another test's sockets).
  private static func closeOtherDescriptors(_ actions: inout posix_spawn_file_actions_t) {
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
    _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
  }

  /// Spawns argv with the three standard streams set up, every other descriptor closed, no signal blocked
  /// and SIGPIPE back to its default (the test runner's mask and dispositions would otherwise be inherited).
  static func spawn(
    _ argv: [String], environment: [String: String]?, stdin: StandardStream, stdout: StandardStream,
    stderr: StandardStream
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (target, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
      switch stream {
      case .path(let path, let flags): posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o600)
      case .descriptor(let fd): posix_spawn_file_actions_adddup2(&actions, fd, target)
      case .sameAsStdout: posix_spawn_file_actions_adddup2(&actions, 1, target)
      }
    }
    closeOtherDescriptors(&actions)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    let cEnv: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
    defer {
      cArgs.forEach { free($0) }
      cEnv?.forEach { free($0) }
    }
    var pid = pid_t()
    let code =
      if let cEnv { posix_spawn(&pid, argv[0], &actions, &attributes, cArgs, cEnv) } else {
        posix_spawn(&pid, argv[0], &actions, &attributes, cArgs, environ)
      }
    guard code == 0 else { throw ChildProcessError("posix_spawn \(argv[0])", code) }
    return pid
  }

  /// Blocks until `pid` exits; its exit status, or 128 + the signal number.
  static func waitForExit(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    return decode(status)
  }

  static func decode(_ status: Int32) -> Int32 {
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }
}

/// Runs blocking work on a thread of its own and resumes the caller when it is done: waiting for a child
/// on the cooperative pool would starve every other test's async work on this two-core machine.
public func offCooperativePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}

/// An unlinked, close-on-exec temporary file: a child's output lands here instead of in a pipe, so the
/// child never waits for a reader; closed when dropped.
final class ScratchFile: @unchecked Sendable {
  let fd: Int32

  init() throws {
    var template = Array((NSTemporaryDirectory() + "/tunes-child-XXXXXX").utf8CString)
    // mkstemp, then close-on-exec (mkostemp is not exported); a spawn in between still closes it via closefrom.
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw ChildProcessError("mkstemp", errno) }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    self.fd = fd
  }

  deinit { close(fd) }

  func write(_ data: Data) throws {
    try data.withUnsafeBytes { buffer in
      var done = 0
      while done < buffer.count {
        let n = pwrite(fd, buffer.baseAddress! + done, buffer.count - done, off_t(done))
        if n < 0 {
          if errno == EINTR { continue }
          throw ChildProcessError("write", errno)
        }
        done += n
      }
    }
  }

  /// Bytes from `offset` to the current end of the file.
  func read(from offset: Int = 0) throws -> Data {
    var result = Data()
    var chunk = [UInt8](repeating: 0, count: 65536)
    var position = offset
    while true {
      let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, off_t(position)) }
      if n < 0 {
        if errno == EINTR { continue }
        throw ChildProcessError("read", errno)
      }
      if n == 0 { return result }
      result.append(contentsOf: chunk[0..<n])
      position += n
    }
  }

  func readAll() throws -> Data { try read(from: 0) }
}
