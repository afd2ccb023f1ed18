// Where the running player listens, found as the full program finds it for every remote command
// (TunesPaths.database, PlayerLock.running in Sources/tunes): the player holds a lock on a file beside
// the library database and has written its pid and socket in it. Every case this does not settle
// exactly as the full program would (no lock file, no player holding it, HOME unset, text the full
// program would read otherwise) gives nil, and the full program runs instead.
import CFront

enum PlayerSocket {
  /// The socket named by the lock of the player playing the library, or nil.
  static func find() -> [UInt8]? {
    guard let database = databasePath() else { return nil }
    return lockedSocket(lockFile: database + Bytes.of("-player.lock"))
  }

  /// `TUNES_DB` when set and not empty, else `$XDG_DATA_HOME/tunes/library.db` (XDG_DATA_HOME counts
  /// only as an absolute path; else `$HOME/.local/share`), as TunesPaths.database(override: nil) says.
  static func databasePath() -> [UInt8]? {
    if let database = Bytes.environment("TUNES_DB"), !database.isEmpty {
      return Bytes.isUTF8(database[...]) ? database : nil
    }
    var dataHome: [UInt8]
    if let xdg = Bytes.environment("XDG_DATA_HOME"), xdg.first == UInt8(ascii: "/") {
      // Swift's hasPrefix("/") compares characters: a combining mark after the slash makes it false.
      guard xdg.count == 1 || xdg[1] < 0x80 else { return nil }
      dataHome = xdg
    } else {
      // Without HOME the full program asks the password database; the front does not.
      guard let home = Bytes.environment("HOME") else { return nil }
      dataHome = home + Bytes.of("/.local/share")
    }
    guard Bytes.isUTF8(dataHome[...]) else { return nil }
    return dataHome + Bytes.of("/tunes/library.db")
  }

  /// The socket written in the lock file while a player holds its lock (PlayerLock.running): a shared
  /// lock is refused only then.
  static func lockedSocket(lockFile: [UInt8]) -> [UInt8]? {
    let descriptor = Bytes.withCString(lockFile) { front_open($0, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    if flock(descriptor, LOCK_SH | LOCK_NB) == 0 { return nil }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = pread(descriptor, &buffer, buffer.count, 0)
    guard count > 0 else { return nil }
    let text = buffer[0..<count]
    guard Bytes.isUTF8(text), let newline = text.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
    guard isPid(text[..<newline]) else { return nil }
    let socket = text[(newline + 1)...].prefix { $0 != UInt8(ascii: "\n") }
    // Swift splits lines at "\n" Characters, and "\r\n" is one Character that is not "\n": a carriage
    // return before the line feed would be part of the full program's path.
    guard !socket.isEmpty, !socket.contains(0), !socket.contains(UInt8(ascii: "\r")) else { return nil }
    return Array(socket)
  }

  /// Digits that Int32's parser reads as a positive number.
  private static func isPid(_ digits: ArraySlice<UInt8>) -> Bool {
    guard !digits.isEmpty, digits.count <= 10 else { return false }
    var value: Int64 = 0
    for digit in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return false }
      value = value * 10 + Int64(digit - UInt8(ascii: "0"))
    }
    return value <= Int64(Int32.max)
  }
}
