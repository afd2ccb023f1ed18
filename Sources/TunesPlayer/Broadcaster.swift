// One value to many listeners: each call of `stream()` gets its own AsyncStream, and `send` hands the
// value to every stream still open. The Player serves its facts with one. A listener that falls behind
// keeps only the newest values, so a stalled client never holds up play; one that must see every value
// (the listen recorder) keeps them all, and a stalled one costs memory, never play.
import Foundation

final class Broadcaster<Value: Sendable>: @unchecked Sendable {
  // @unchecked: `listeners` and `sent` are guarded by `lock` (a stream that ends removes itself from any
  // thread).
  private let lock = NSLock()
  private var listeners: [UUID: AsyncStream<Value>.Continuation] = [:]
  private var sent = 0
  private let keep: Int

  /// `keep`: how many unread values a listener holds before the oldest are dropped.
  init(keep: Int = 1000) {
    self.keep = keep
  }

  /// How many values were sent so far.
  var sentCount: Int { lock.withLock { sent } }

  /// A new stream of every value sent from now on, until it is dropped or `finish` is called, and how
  /// many values were sent before it (the stream's n-th value is the `sentBefore + n`-th sent).
  /// `keepingAll`: none is ever dropped, however far behind its reader falls.
  func subscribe(keepingAll: Bool = false) -> (stream: AsyncStream<Value>, sentBefore: Int) {
    let policy: AsyncStream<Value>.Continuation.BufferingPolicy = keepingAll ? .unbounded : .bufferingNewest(keep)
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: policy)
    let id = UUID()
    let sentBefore = lock.withLock {
      listeners[id] = continuation
      return sent
    }
    continuation.onTermination = { [weak self] _ in self?.remove(id) }
    return (stream, sentBefore)
  }

  func stream() -> AsyncStream<Value> { subscribe().stream }

  /// Hands `value` to every listener, in the order of the calls: one sender at a time (the Player's
  /// actor), so the count and the listeners agree on which value is which.
  func send(_ value: Value) {
    let open = lock.withLock {
      sent += 1
      return Array(listeners.values)
    }
    for continuation in open { continuation.yield(value) }
  }

  /// Ends every stream (their loops end once they have read what was sent).
  func finish() {
    // Finished outside the lock: ending a stream runs its `onTermination`, which takes the lock.
    for continuation in lock.withLock({ Array(listeners.values) }) { continuation.finish() }
  }

  private func remove(_ id: UUID) {
    _ = lock.withLock { listeners.removeValue(forKey: id) }
  }
}
