// Work started on another thread now and collected later: the indexer overlaps reading files with
// writing rows, and parsing catalogues and loading the index with walking the folders.
import Foundation

final class Background<Value: Sendable>: @unchecked Sendable {
  // @unchecked: `result` is written once before `finished` is signalled and read only after it.
  private let finished = DispatchSemaphore(value: 0)
  private var result: Result<Value, any Error>?

  init(on queue: DispatchQueue = .global(), _ body: @escaping @Sendable () throws -> Value) {
    queue.async {
      self.result = Result(catching: body)
      self.finished.signal()
    }
  }

  /// Waits for the work and returns (or throws) what it did.
  func value() throws -> Value {
    finished.wait()
    finished.signal()  // a second call returns at once
    return try result!.get()
  }
}
