// A count that threads and tasks add to while a test waits for it to reach a number.
import Foundation

/// A count shared with threads.
public final class Counter: @unchecked Sendable {
  // @unchecked: `count` is only touched under `lock`.
  private let lock = NSLock()
  private var count = 0

  public init() {}

  public func add() { lock.withLock { count += 1 } }
  public var value: Int { lock.withLock { count } }
}
