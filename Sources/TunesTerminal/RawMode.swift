// Terminal facts and raw mode: whether a stream is a terminal, its width, and switching the keyboard to
// raw (no line editing, no echo) with a guaranteed way back, also from a signal handler.
import Foundation

public enum TerminalInfo {
  public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// Columns of the terminal on `descriptor`, or `fallback` when it is not a terminal.
  public static func width(_ descriptor: Int32 = STDOUT_FILENO, fallback: Int = 80) -> Int {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return fallback }
    return Int(size.ws_col)
  }
}

/// Raw keyboard input on stdin. `restore()` is idempotent and safe to call from any thread, so every exit
/// path (normal end, `q`, an error, Ctrl-C) can call it.
public final class RawMode: @unchecked Sendable {
  // @unchecked: the saved settings are written once in init and read under the lock.
  private let lock = NSLock()
  private var saved: termios?
  private let descriptor: Int32

  /// Switches `descriptor` to raw input; nil when it is not a terminal.
  public init?(descriptor: Int32 = STDIN_FILENO) {
    self.descriptor = descriptor
    var original = termios()
    guard isatty(descriptor) == 1, tcgetattr(descriptor, &original) == 0 else { return nil }
    var raw = original
    // Keys arrive one by one without echo; ISIG stays on so Ctrl-C still raises SIGINT.
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else { return nil }
    saved = original
  }

  public func restore() {
    lock.lock()
    defer { lock.unlock() }
    guard var original = saved else { return }
    tcsetattr(descriptor, TCSANOW, &original)
    saved = nil
  }

  deinit { restore() }
}
