// A child left running while a test talks to it (a fake server): its stdout read line by line, then
// killed and reaped. Output goes to unlinked files, not pipes, so a chatty child never blocks.
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

public final class BackgroundChild: @unchecked Sendable {
  public let pid: pid_t
  private let out: ScratchFile
  private let err: ScratchFile
  private let lock = NSLock()
  /// Guarded by `lock`: how much of stdout `readLine` has handed out, and the exit status once reaped.
  private var consumed = 0
  private var exitStatus: Int32?

  init(_ argv: [String], environment: [String: String]?) throws {
    out = try ScratchFile()
    err = try ScratchFile()
    pid = try ChildProcess.spawn(
      argv, environment: environment, stdin: .path("/dev/null", O_RDONLY), stdout: .descriptor(out.fd),
      stderr: .descriptor(err.fd))
  }

  deinit { stop() }

  /// The next line of stdout without its newline; nil once the child has exited with nothing more to
  /// say, or when `timeout` seconds pass first. Blocks: from async code use the `async` overload.
  public func readLine(timeout: Double = 30) throws -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let exited = poll() != nil  // checked before reading, so output written just before exit is seen
      let (line, rest) = try nextLine(takingRest: exited)
      if let line { return line }
      if exited { return rest }
      if Date() >= deadline { return nil }
      usleep(10_000)
    }
  }

  /// `readLine` waiting on a thread of its own, off the cooperative pool.
  public func readLine(timeout: Double = 30) async throws -> String? {
    try await offCooperativePool { try self.readLine(timeout: timeout) }
  }

  /// Everything the child wrote to stderr so far (for failure messages).
  public var errors: String { String(decoding: (try? err.readAll()) ?? Data(), as: UTF8.self) }

  /// Sends `signal` unless the child was already reaped.
  public func kill(_ signal: Int32 = SIGKILL) {
    lock.lock()
    defer { lock.unlock() }
    if exitStatus == nil { _ = Glibc.kill(pid, signal) }
  }

  /// Blocks until the child exits; its exit status, or 128 + the signal number.
  public func wait() -> Int32 {
    lock.lock()
    defer { lock.unlock() }
    if let exitStatus { return exitStatus }
    let status = ChildProcess.waitForExit(pid)
    exitStatus = status
    return status
  }

  /// `wait` on a thread of its own, off the cooperative pool.
  public func wait() async -> Int32 {
    (try? await offCooperativePool { self.wait() }) ?? -1
  }

  /// SIGKILL (the test runner's blocked-signal mask could keep SIGTERM from a child that inherited it)
  /// and reap, so no zombie is left. Quick: a killed child is reaped at once.
  public func stop() {
    kill(SIGKILL)
    _ = wait()
  }

  /// The exit status if the child has exited (reaping it), else nil.
  private func poll() -> Int32? {
    lock.lock()
    defer { lock.unlock() }
    if let exitStatus { return exitStatus }
    var status: Int32 = 0
    guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
    exitStatus = ChildProcess.decode(status)
    return exitStatus
  }

  /// The next complete line, or nil and whatever unterminated text remains (nil when there is none).
  private func nextLine(takingRest: Bool) throws -> (line: String?, rest: String?) {
    lock.lock()
    defer { lock.unlock() }
    let fresh = try out.read(from: consumed)
    if let newline = fresh.firstIndex(of: UInt8(ascii: "\n")) {
      let line = fresh[fresh.startIndex..<newline]
      consumed += line.count + 1
      return (String(decoding: line, as: UTF8.self), nil)
    }
    if fresh.isEmpty { return (nil, nil) }
    if takingRest { consumed += fresh.count }
    return (nil, String(decoding: fresh, as: UTF8.self))
  }
}
