// Writes the player's state to the database on a thread of its own, newest snapshot only: the Player
// never waits for SQLite, so replacing a 10,000-song queue and starting it does not wait for 10,000 rows
// to be written, and a burst of changes costs one write.
import Foundation

final class StateWriter: @unchecked Sendable {
  // @unchecked: `pending` and `scheduled` are guarded by `lock`; `store` is used on `queue` only.
  private let store: PlayStateStore
  private let queue = DispatchQueue(label: "tunes.player.state-writer")
  private let lock = NSLock()
  private var pending: (snapshot: PlayStateSnapshot, date: Date)?
  private var scheduled = false
  private let failed: @Sendable (PlayerError) -> Void

  /// `failed` hears of each write that failed (the next snapshot is still tried).
  init(store: PlayStateStore, failed: @escaping @Sendable (PlayerError) -> Void) {
    self.store = store
    self.failed = failed
  }

  /// Replaces whatever is waiting with `snapshot`, to be written as soon as the writer is free.
  func submit(_ snapshot: PlayStateSnapshot, at date: Date) {
    let start = lock.withLock { () -> Bool in
      pending = (snapshot, date)
      if scheduled { return false }
      scheduled = true
      return true
    }
    if start { queue.async { self.drain() } }
  }

  /// Returns once everything submitted before the call is written.
  func flush() {
    queue.sync {}
  }

  private func drain() {
    while let next = takePending() {
      do {
        try store.save(next.snapshot, at: next.date)
      } catch {
        failed(error as? PlayerError ?? .stateStore("\(error)"))
      }
    }
  }

  /// The waiting snapshot, or nil (and the writer idle) when there is none.
  private func takePending() -> (snapshot: PlayStateSnapshot, date: Date)? {
    lock.withLock {
      guard let next = pending else {
        scheduled = false
        return nil
      }
      pending = nil
      return next
    }
  }
}
