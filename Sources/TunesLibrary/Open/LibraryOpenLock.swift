// The lock a process holds while it opens the library for writing: creating the file, switching it to
// WAL and running the migrations. Without it two first starts both saw no migration applied and the
// second stopped on `table "artist" already exists`. Processes that only read take no lock: they read a
// migrated schema, or come here to migrate it.
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// An exclusive flock on `DB-open.lock` beside the database, held until `release()` (or the end of the
/// process: the kernel drops it, so a killed process never leaves the library locked). The holder writes
/// its pid and command into the file, which a process that waited too long names.
final class LibraryOpenLock {
  private var descriptor: Int32

  static func path(database: String) -> String { database + "-open.lock" }

  /// Takes the lock, waiting at most `timeout` for another process to release it. Without a lock file
  /// (a folder that cannot be written) nothing is locked: such a library is opened read-only.
  init(database: String, timeout: Duration) throws(LibraryOpenError) {
    let lockPath = Self.path(database: database)
    descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    // Another user's lock file locks as well read-only (flock needs no write access); its note stays theirs.
    if descriptor < 0 { descriptor = open(lockPath, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else { return }
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR else { return }
      if clock.now >= deadline {
        let holder = Self.holder(descriptor)
        close(descriptor)
        descriptor = -1
        throw .lockTimedOut(path: database, holder: holder, seconds: Int(timeout.components.seconds))
      }
      // Opening takes milliseconds, migrating an old library seconds: a short poll costs nothing.
      usleep(10_000)
    }
    let text = Array("pid \(getpid()) (\(Self.command))\n".utf8)
    _ = ftruncate(descriptor, 0)
    _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
  }

  /// Empties the holder's note and lets the next process in.
  func release() {
    guard descriptor >= 0 else { return }
    _ = ftruncate(descriptor, 0)
    close(descriptor)
    descriptor = -1
  }

  deinit { release() }

  /// The program and its command (`tunes index`), as the note names them.
  private static var command: String {
    let arguments = CommandLine.arguments
    let program = arguments.first.map { ($0 as NSString).lastPathComponent } ?? "?"
    guard arguments.count > 1, !arguments[1].hasPrefix("-") else { return program }
    return program + " " + arguments[1]
  }

  /// The holder's note (`pid 123 (tunes index)`), if it left one.
  private static func holder(_ descriptor: Int32) -> String? {
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    // Written by tunes, but from a command line: control characters are not let through to a terminal.
    let scalars = String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      .unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) }
    return scalars.isEmpty ? nil : String(scalars)
  }
}
