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

  /// The socket written in the lock file (PlayerLockFormat) while a player holds its lock
  /// (PlayerLock.running): a shared lock is refused only then.
  static func lockedSocket(lockFile: [UInt8]) -> [UInt8]? {
    let descriptor = Bytes.withCString(lockFile) { front_open($0, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    if flock(descriptor, LOCK_SH | LOCK_NB) == 0 { return nil }
    var buffer = [UInt8](repeating: 0, count: PlayerLockFormat.readLimit)
    let count = pread(descriptor, &buffer, buffer.count, 0)
    guard count > 0, let socket = PlayerLockFormat.parse(buffer[0..<count])?.socket else { return nil }
    // The full program reads the path as a String, which would replace bytes that are not UTF-8.
    guard Bytes.isUTF8(socket) else { return nil }
    return Array(socket)
  }
}
