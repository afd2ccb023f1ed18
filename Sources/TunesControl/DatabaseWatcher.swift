// Looks at the library's generation mark once a second on a thread of its own and calls back when it
// shows an index run's commit (`DatabaseStamp`). A sleeping Swift task woke the dispatch manager thread for its timer
// and a pool thread to run it, about four context switches a look; this thread wakes once, and the
// backend actor runs only when something was committed. Used for other processes' index runs.
import Foundation

final class DatabaseWatcher: @unchecked Sendable {
  // @unchecked: `stopped` is guarded by `condition`; the rest is immutable or used by the thread only.
  private let condition = NSCondition()
  private var stopped = false
  private let path: String
  private let interval: Double
  private let changed: @Sendable () -> Void

  /// Starts watching: `changed` runs on the watcher's thread after each look that found a commit since
  /// the look before (the first look compares with the files as they are now).
  init(path: String, interval: Double, changed: @escaping @Sendable () -> Void) {
    self.path = path
    self.interval = interval
    self.changed = changed
    let start = DatabaseStamp(path: path)
    let thread = Thread { [self] in run(from: start) }
    thread.name = "tunes-db-watch"
    thread.start()
  }

  /// Ends the thread at its next wake-up, without waiting for it.
  func stop() {
    condition.lock()
    stopped = true
    condition.signal()
    condition.unlock()
  }

  private func run(from start: DatabaseStamp) {
    var read = start
    while true {
      condition.lock()
      let deadline = Date(timeIntervalSinceNow: interval)
      while !stopped && condition.wait(until: deadline) {}
      let done = stopped
      condition.unlock()
      if done { return }
      let now = DatabaseStamp(path: path)
      // No index run committed since the last look (not even in this process): nothing to read.
      if now == read && !now.isFresh() { continue }
      read = now
      changed()
    }
  }
}
