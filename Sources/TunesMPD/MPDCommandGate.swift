// The server-wide turn every command execution takes: one command, or a whole command list, runs against
// the backend at a time. Without it a backend call that awaits lets another client's command in between,
// so a client could see the queue cleared by a list but not yet refilled. MPD gets the same guarantee
// from running every command on its one main thread.
//
// A first-come first-served async lock: a waiter suspends (no thread blocks) and turns are handed over in
// arrival order, so no client starves behind a busy one. Only the server's batch tasks take it, all
// started alike from the event loop, so no waiter outranks the holder (no priority inversion). Idle
// clients never take it: change notifications reach them without a turn, so a list cannot deadlock
// with `idle`. The player's own progress (a song ending) does not take it either, as in MPD.

/// A FIFO async lock around command execution.
final class MPDCommandGate: Sendable {
  private struct State {
    var busy = false
    /// Suspended takers in arrival order; at most one per connection (a client waits for its reply).
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Locked(State())

  init() {}

  /// Runs `body` once every earlier taker has finished; the next one's turn starts when it returns.
  /// The wait is not cancellable: the server's batch tasks are never cancelled.
  func withTurn<T>(_ body: () async throws -> T) async rethrows -> T {
    await take()
    defer { handOver() }
    return try await body()
  }

  /// How many wait for their turn (tests).
  var waitingCount: Int { state.withLock { $0.waiting.count } }

  private func take() async {
    let free = state.withLock { s -> Bool in
      guard !s.busy else { return false }
      s.busy = true
      return true
    }
    if free { return }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      // The holder may have finished between the two looks: then the turn is ours at once.
      let granted = state.withLock { s -> Bool in
        guard s.busy else {
          s.busy = true
          return true
        }
        s.waiting.append(continuation)
        return false
      }
      if granted { continuation.resume() }
    }
  }

  /// Gives the turn to the longest waiter (it stays busy), or frees it when nobody waits.
  private func handOver() {
    let next = state.withLock { s -> CheckedContinuation<Void, Never>? in
      guard !s.waiting.isEmpty else {
        s.busy = false
        return nil
      }
      return s.waiting.removeFirst()
    }
    next?.resume()
  }
}
