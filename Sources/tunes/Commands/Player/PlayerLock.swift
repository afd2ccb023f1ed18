// One player per library: the player holds an exclusive flock on a file beside the database and writes
// its pid and socket there. The socket path alone cannot tell (two shells with different
// XDG_RUNTIME_DIR see different sockets for one library), the database path can. The kernel drops the
// lock when the process ends, so a killed player never leaves the library locked. The file's text is
// PlayerLockFormat's, which the front reads too (Docs/Control.md, "The player's lock file").
import Foundation
import TunesCore

#if canImport(Glibc)
  import Glibc
#endif

/// Another player already plays this library.
struct PlayerRunningError: TunesError {
  var pid: Int32
  var socket: String

  var exitStatus: ExitStatus { .unavailable }
  var description: String {
    "a player already plays this library (pid \(pid), socket \(socket)); control it with `tunes …` or an MPD client, or end it with `tunes quit`"
  }
}

/// The running player of a library as its lock file names it.
struct RunningPlayer: Equatable {
  var pid: Int32
  var socket: String
}

/// The lock a playing process holds for its whole life.
final class PlayerLock {
  private let descriptor: Int32

  private init(descriptor: Int32) { self.descriptor = descriptor }

  deinit { close(descriptor) }

  static func lockPath(database: String) -> String { database + "-player.lock" }

  /// Takes the library's player lock and records this process and its socket in it; throws naming the
  /// running player when another process holds it. A folder where no lock file can be made (a read-only
  /// library) gives no lock: such a player could not save its state either, and says so itself.
  static func take(database: String, socket: String) throws(PlayerRunningError) -> PlayerLock? {
    let descriptor = open(lockPath(database: database), O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return nil }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let holder = read(descriptor) ?? RunningPlayer(pid: 0, socket: "unknown")
      close(descriptor)
      throw PlayerRunningError(pid: holder.pid, socket: holder.socket)
    }
    let text = PlayerLockFormat.text(pid: getpid(), socket: Array(socket.utf8))
    _ = ftruncate(descriptor, 0)
    _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    return PlayerLock(descriptor: descriptor)
  }

  /// The player that holds the library's lock now, or nil when none does.
  static func running(database: String) -> RunningPlayer? {
    let descriptor = open(lockPath(database: database), O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    // A shared lock is refused only while a player holds the exclusive one.
    if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
      flock(descriptor, LOCK_UN)
      return nil
    }
    return read(descriptor)
  }

  private static func read(_ descriptor: Int32) -> RunningPlayer? {
    var buffer = [UInt8](repeating: 0, count: PlayerLockFormat.readLimit)
    let count = pread(descriptor, &buffer, buffer.count, 0)
    guard count > 0 else { return nil }
    return parse(buffer[0..<count])
  }

  /// The player a lock file's text names (PlayerLockFormat); nil for any other text.
  static func parse(_ text: ArraySlice<UInt8>) -> RunningPlayer? {
    PlayerLockFormat.parse(text).map { RunningPlayer(pid: $0.pid, socket: String(decoding: $0.socket, as: UTF8.self)) }
  }
}
