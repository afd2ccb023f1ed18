// Time as the player and the listen rule see it: injected, so tests drive a fake clock and run at full speed.
import Foundation

public protocol TunesClock: Sendable {
  /// Wall-clock time, for `listened_at` and last-played times.
  func now() -> Date
  /// Monotonic seconds, for measuring durations.
  func monotonic() -> Double
}

public struct SystemClock: TunesClock {
  public init() {}
  public func now() -> Date { Date() }
  public func monotonic() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
}
