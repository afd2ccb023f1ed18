// Writes the player's state to the database on a thread of its own, newest snapshot only: the Player
// never waits for SQLite, so replacing a 10,000-song queue and starting it does not wait for 10,000 rows
// to be written, and a burst of changes costs one write. A change is written after a short settling
// time: measured, writing a 10k queue beside the start of playback doubled the time to the first sample.
// A save that finds the library held by another process's write past SQLite's busy timeout is kept and
// tried again every `retryInterval` until it goes through or a newer snapshot replaces it: a pause made
// while a `tunes index` held the library would otherwise never reach the disk, and a restart would bring
// back the state before it. The Player never waits for that either.
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

final class StateWriter: @unchecked Sendable {
  // @unchecked: every var is guarded by `condition`; `store` is used by the writer thread only.
  private let store: PlayStateStore
  private let condition = NSCondition()
  private var pending: (snapshot: PlayStateSnapshot, date: Date, settles: Bool)?
  /// The snapshot a locked library refused, to be tried again at `retryAt` unless a newer one comes.
  private var refused: (snapshot: PlayStateSnapshot, date: Date)?
  private var retryAt = Date.distantFuture
  /// Whether the library's lock was reported since the last save that went through (said once a spell).
  private var reportedBusy = false
  private var writing = false
  private var stopped = false
  /// Callers waiting in `flush`: the settling time is skipped for them.
  private var flushers = 0
  private let failed: @Sendable (PlayerError) -> Void

  /// How long a change waits before it is written (later changes within it are written with it).
  /// Short against MPD's state file, written every two minutes; long enough for a queue to start playing.
  static let defaultSettle = 0.25
  private let settle: Double
  /// How long a snapshot refused by a locked library waits before it is tried again.
  static let defaultRetryInterval = 1.0
  private let retryInterval: Double

  /// `failed` hears of each write that failed (the next snapshot is still tried), and once of a spell of
  /// saves refused by another process's lock on the library.
  init(
    store: PlayStateStore, settle: Double = defaultSettle, retryInterval: Double = defaultRetryInterval,
    failed: @escaping @Sendable (PlayerError) -> Void
  ) {
    self.store = store
    self.settle = settle
    self.retryInterval = retryInterval
    self.failed = failed
    startThread()
  }

  /// Replaces whatever is waiting with `snapshot`, to be written as soon as the writer is free.
  /// `settles` false writes it without the settling time: the position saved every few seconds while
  /// playing comes alone, so waiting for company would only wake the thread a second time.
  func submit(_ snapshot: PlayStateSnapshot, at date: Date, settles: Bool = true) {
    condition.lock()
    let running = !stopped
    if running {
      // A change still settling keeps its settling time; the newer snapshot holds it too.
      pending = (snapshot, date, settles || (pending?.settles ?? false))
      refused = nil
      condition.broadcast()
    }
    condition.unlock()
    if !running { write(snapshot, at: date) }  // after `stop`: written here and now
  }

  /// Returns once everything submitted before the call is written, or was refused by another process's
  /// lock on the library (then it is tried again later: waiting here could last as long as that lock).
  func flush() {
    condition.lock()
    flushers += 1
    condition.broadcast()
    while pending != nil || writing { condition.wait() }
    flushers -= 1
    condition.unlock()
  }

  /// Writes what is waiting and ends the thread; later snapshots are written by the caller.
  func stop() {
    flush()
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
  }

  private func run() {
    while true {
      condition.lock()
      while pending == nil && !stopped {
        if refused != nil {
          if Date() >= retryAt { break }
          _ = condition.wait(until: retryAt)
        } else {
          condition.wait()
        }
      }
      let deadline = Date(timeIntervalSinceNow: settle)
      while pending?.settles == true && flushers == 0 && !stopped && condition.wait(until: deadline) {}
      let waiting = stopped ? nil : refused.map { ($0.snapshot, $0.date) }
      guard let next = pending.map({ ($0.snapshot, $0.date) }) ?? waiting else {
        condition.unlock()
        return
      }
      pending = nil
      refused = nil
      writing = true
      condition.unlock()
      let busy = !write(next.0, at: next.1)
      condition.lock()
      writing = false
      if busy && pending == nil {
        refused = (snapshot: next.0, date: next.1)
        retryAt = Date(timeIntervalSinceNow: retryInterval)
      }
      condition.broadcast()
      condition.unlock()
    }
  }

  /// Saves `snapshot`; false when another process's lock on the library refused it (reported once a spell).
  @discardableResult
  private func write(_ snapshot: PlayStateSnapshot, at date: Date) -> Bool {
    do {
      try store.save(snapshot, at: date)
      reportedBusy = false
    } catch let busy as LibraryBusy {
      if !reportedBusy { failed(.stateStore(busy.description)) }
      reportedBusy = true
      return false
    } catch {
      failed(error as? PlayerError ?? .stateStore("\(error)"))
    }
    return true
  }

  /// A plain detached pthread (the thread owns a reference to the writer until `stop`).
  private func startThread() {
    let context = Unmanaged.passRetained(self).toOpaque()
    var thread = pthread_t()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let result = pthread_create(
      &thread, &attributes,
      { context in
        let writer = Unmanaged<StateWriter>.fromOpaque(context!).takeRetainedValue()
        writer.run()
        return nil
      }, context)
    pthread_attr_destroy(&attributes)
    if result != 0 {
      // No thread: every snapshot is written by the caller instead.
      Unmanaged<StateWriter>.fromOpaque(context).release()
      stopped = true
    }
  }
}
