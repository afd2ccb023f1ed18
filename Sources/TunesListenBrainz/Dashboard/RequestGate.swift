// How many requests one command has on the way to ListenBrainz at once, and when the next may go: a
// dashboard asks a dozen things together, and firing them all at once made a server with a short
// listen queue drop connections (the client then waits a whole second for its SYN to be resent).
// A few at a time is as fast against a server that answers at once, and the server's own
// X-RateLimit headers say when to pause: when a reply leaves none of the window, the next request
// waits the window's reset, no fixed wait anywhere.
import Foundation

public actor RequestGate {
  public let limit: Int
  private var inFlight = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []
  /// No request before this (the rate-limit window is spent).
  private var notBefore: Date?

  public init(limit: Int = 4) { self.limit = max(1, limit) }

  /// Runs `body` when a place is free and the window allows.
  public func run<T: Sendable>(_ body: @Sendable () async -> (T, RateLimit?)) async -> T {
    if inFlight >= limit {
      await withCheckedContinuation { waiting.append($0) }
    } else {
      inFlight += 1
    }
    if let notBefore, notBefore > Date() {
      try? await Task.sleep(for: .seconds(notBefore.timeIntervalSinceNow))
    }
    let (value, rateLimit) = await body()
    if let rateLimit, rateLimit.remaining == 0, let resetIn = rateLimit.resetIn, resetIn > 0 {
      notBefore = Date().addingTimeInterval(Double(resetIn))
    }
    // The place passes to the next waiter, or is freed.
    if waiting.isEmpty { inFlight -= 1 } else { waiting.removeFirst().resume() }
    return value
  }
}
