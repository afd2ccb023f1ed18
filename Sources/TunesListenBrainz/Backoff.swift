// How long to wait after the n-th consecutive transient failure: doubling from `initial`, capped,
// with jitter so many clients that failed together do not come back together.
import Foundation

public struct BackoffPolicy: Sendable {
  public var initial: Double
  public var cap: Double
  /// Fraction of the delay taken off at random (0.2: between 80 % and 100 % of the nominal delay).
  public var jitter: Double

  public init(initial: Double = 5, cap: Double = 300, jitter: Double = 0.2) {
    self.initial = initial
    self.cap = cap
    self.jitter = jitter
  }

  /// Delay after `failures` consecutive failures (1 = the first).
  public func delay(afterFailures failures: Int) -> Double {
    let nominal = min(cap, initial * pow(2, Double(max(0, min(failures - 1, 30)))))
    return nominal * (1 - jitter * Double.random(in: 0...1))
  }
}
