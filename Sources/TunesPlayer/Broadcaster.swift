// One value to many listeners: each call of `stream()` gets its own AsyncStream, and `send` hands the
// value to every stream still open. The Player serves its events and its idle changes with one each.
// A listener that falls behind keeps only the newest values, so a stalled client never holds up play.
import Foundation

final class Broadcaster<Value: Sendable>: @unchecked Sendable {
  // @unchecked: `listeners` is guarded by `lock` (a stream that ends removes itself from any thread).
  private let lock = NSLock()
  private var listeners: [UUID: AsyncStream<Value>.Continuation] = [:]
  private let keep: Int

  /// `keep`: how many unread values a listener holds before the oldest are dropped.
  init(keep: Int = 1000) {
    self.keep = keep
  }

  /// A new stream of every value sent from now on, until it is dropped or `finish` is called.
  func stream() -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .bufferingNewest(keep))
    let id = UUID()
    lock.withLock { listeners[id] = continuation }
    continuation.onTermination = { [weak self] _ in self?.remove(id) }
    return stream
  }

  func send(_ value: Value) {
    for continuation in lock.withLock({ Array(listeners.values) }) { continuation.yield(value) }
  }

  /// Ends every stream (their loops end).
  func finish() {
    // Finished outside the lock: ending a stream runs its `onTermination`, which takes the lock.
    for continuation in lock.withLock({ Array(listeners.values) }) { continuation.finish() }
  }

  private func remove(_ id: UUID) {
    _ = lock.withLock { listeners.removeValue(forKey: id) }
  }
}
