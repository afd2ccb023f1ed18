// The text of the player's lock file (Docs/Control.md, "The player's lock file"), the one definition
// both programs compile: the full program writes and reads it (PlayerLock), the front reads it
// (PlayerSocket). The front is
// Embedded Swift linked to libc alone and can share no module with the full program, so this file lives
// here and Sources/tunes/Commands/Player/PlayerLockFormat.swift is a symbolic link to it; it uses
// nothing but the standard library's integers and arrays, which both builds have.

enum PlayerLockFormat {
  /// How much of the file a reader looks at.
  static let readLimit = 4096

  /// The file's text: the pid, then the socket's path, each on a line of its own.
  static func text(pid: Int32, socket: [UInt8]) -> [UInt8] {
    var digits: [UInt8] = []
    var rest = Int64(pid)
    repeat {
      digits.insert(UInt8(ascii: "0") + UInt8(rest % 10), at: 0)
      rest /= 10
    } while rest > 0
    return digits + [UInt8(ascii: "\n")] + socket + [UInt8(ascii: "\n")]
  }

  /// The pid and socket path a lock file's first bytes hold, or nil when they are not such a text: the
  /// first line must be the pid in decimal digits alone (at most Int32.max), the second a path that is
  /// not empty and holds no NUL and no carriage return (the second line feed may be missing, and what
  /// follows it is ignored).
  static func parse(_ text: ArraySlice<UInt8>) -> (pid: Int32, socket: ArraySlice<UInt8>)? {
    guard let newline = text.firstIndex(of: UInt8(ascii: "\n")), let pid = pid(text[..<newline]) else { return nil }
    let socket = text[(newline + 1)...].prefix { $0 != UInt8(ascii: "\n") }
    guard !socket.isEmpty, !socket.contains(0), !socket.contains(UInt8(ascii: "\r")) else { return nil }
    return (pid, socket)
  }

  /// Decimal digits alone, no sign, that make at most Int32.max.
  private static func pid(_ digits: ArraySlice<UInt8>) -> Int32? {
    guard !digits.isEmpty, digits.count <= 10 else { return nil }
    var value: Int64 = 0
    for digit in digits {
      guard digit >= UInt8(ascii: "0") && digit <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int64(digit - UInt8(ascii: "0"))
    }
    return value <= Int64(Int32.max) ? Int32(value) : nil
  }
}
