// One indexing run at a time per library, across processes (`tunes index`, the player's MPD `update`):
// two runs adding the same new file would both insert it, and the second would stop on the unique path.
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// An exclusive flock on a file beside the database, held while it lives. The kernel drops it when the
/// process ends, so a killed run never leaves the library locked.
struct IndexLock: ~Copyable {
  private let descriptor: Int32

  /// Takes the lock, first calling `waiting` and then blocking if another run holds it. Without a lock
  /// file (a folder that cannot be written), the run goes on unlocked: it could not write the database
  /// either, and says so itself.
  init(database: String, waiting: () -> Void) {
    descriptor = open(database + "-index.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return }
    if flock(descriptor, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK {
      waiting()
      while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }
}
