// The last line of the screen, where warnings go instead of onto the drawing: this process's standard
// error is a pipe while the UI runs (whatever writes to it, Swift or C), and the player's log (the
// daemon's standard error) is followed from where it ended when the UI opened. Each message also goes to
// the UI's log file, so that nothing shown for a moment is lost.
// A message is for the moment, as in cmus and ncmpcpp: the next key clears it, and one that only reports
// what was done ("added 1 song") also goes by itself after a few seconds; an error stays until a key, so
// that it is not missed while looking away.
import Foundation

final class MessageLine {
  private(set) var text = ""
  private(set) var isError = false
  /// When the message was shown, in monotonic nanoseconds; nil when there is none that expires.
  private var shownAt: UInt64?
  /// How long a message that is not an error stays (ncmpcpp's default is 5 seconds).
  static let lifetime: UInt64 = 5_000_000_000
  private var savedError: Int32 = -1
  private(set) var readFD: Int32 = -1
  private var pending: [UInt8] = []
  private let logPath: String?
  private let playerLog: String?
  private var playerLogOffset: off_t = 0
  /// The log could not be written once: it is not tried again.
  private var logUnwritable = false

  init(logPath: String?, playerLog: String?, from start: UInt64? = nil) {
    self.logPath = logPath
    self.playerLog = playerLog
    if let playerLog { playerLogOffset = start.map { off_t($0) } ?? Self.size(playerLog) }
  }

  /// Points standard error at a pipe read by `drainCapture`.
  func capture() {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return }
    savedError = dup(STDERR_FILENO)
    dup2(fds[1], STDERR_FILENO)
    close(fds[1])
    readFD = fds[0]
    _ = fcntl(readFD, F_SETFL, fcntl(readFD, F_GETFL) | O_NONBLOCK)
  }

  /// Gives standard error back to the terminal (anything still in the pipe goes to the log).
  func release() {
    guard savedError >= 0 else { return }
    drainCapture()
    dup2(savedError, STDERR_FILENO)
    close(savedError)
    savedError = -1
    if readFD >= 0 { close(readFD) }
    readFD = -1
  }

  func show(_ message: String, error: Bool = false) {
    let line = message.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !line.isEmpty else { return }
    set(line, error: error)
    log(line)
  }

  private func set(_ line: String, error: Bool) {
    text = line
    isError = error
    shownAt = error ? nil : DispatchTime.now().uptimeNanoseconds
  }

  func clear() {
    text = ""
    shownAt = nil
  }

  /// Milliseconds until the message goes by itself; nil when it does not.
  func millisecondsLeft(now: UInt64 = DispatchTime.now().uptimeNanoseconds) -> Int32? {
    guard let shownAt, !text.isEmpty else { return nil }
    let end = shownAt + Self.lifetime
    return now >= end ? 0 : Int32((end - now + 999_999) / 1_000_000)
  }

  /// Clears a message whose time is up; true when it did.
  @discardableResult
  func expire(now: UInt64 = DispatchTime.now().uptimeNanoseconds) -> Bool {
    guard millisecondsLeft(now: now) == 0 else { return false }
    clear()
    return true
  }

  /// Reads what was written to standard error; true when a message came.
  @discardableResult
  func drainCapture() -> Bool {
    guard readFD >= 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 4096)
    var came = false
    while true {
      let count = read(readFD, &buffer, buffer.count)
      guard count > 0 else { break }
      pending += buffer[0..<count]
    }
    while let newline = pending.firstIndex(of: 0x0A) {
      show(String(decoding: pending[..<newline], as: UTF8.self), error: true)
      pending.removeSubrange(...newline)
      came = true
    }
    return came
  }

  /// Reads lines the player added to its log; its warnings ("tunes: …") become the message.
  @discardableResult
  func followPlayerLog() -> Bool {
    guard let playerLog else { return false }
    let size = Self.size(playerLog)
    if size < playerLogOffset { playerLogOffset = 0 }  // rotated or truncated
    guard size > playerLogOffset, let handle = FileHandle(forReadingAtPath: playerLog) else { return false }
    defer { try? handle.close() }
    try? handle.seek(toOffset: UInt64(playerLogOffset))
    guard let data = try? handle.read(upToCount: Int(size - playerLogOffset)) else { return false }
    // Only whole lines: the rest is read when its line ends.
    guard let end = data.lastIndex(of: 0x0A) else { return false }
    playerLogOffset += off_t(end - data.startIndex + 1)
    var came = false
    for line in String(decoding: data[data.startIndex...end], as: UTF8.self).split(separator: "\n")
    where line.hasPrefix("tunes: ") {
      set(String(line.dropFirst("tunes: ".count)), error: true)
      came = true
    }
    return came
  }

  /// Appends the line to the log (made with mode 600). A log that cannot be written is said once on the
  /// message line, after the message, and not tried again: the messages are then on the line alone.
  private func log(_ line: String) {
    guard let logPath, !logUnwritable else { return }
    let stamped = Array((ISO8601DateFormatter().string(from: Date()) + " " + line + "\n").utf8)
    // O_APPEND: each line lands whole at the end, whoever else appends.
    let fd = open(logPath, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    var failure = fd < 0 ? errno : 0
    if fd >= 0 {
      var offset = 0
      while offset < stamped.count, failure == 0 {
        let written = stamped[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        if written > 0 {
          offset += written
        } else if written == 0 {
          failure = EIO
        } else if errno != EINTR {
          failure = errno
        }
      }
      close(fd)
    }
    guard failure != 0 else { return }
    logUnwritable = true
    isError = true
    text = "\(line) (not logged: \(logPath): \(String(cString: strerror(failure))))"
  }

  static func size(_ path: String) -> off_t {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_size : 0
  }
}
