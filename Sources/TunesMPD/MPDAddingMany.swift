// The batch path for a command list's `add` lines (what `mpc listall | mpc add` sends): a backend that
// can append many URIs in one call gets each run of one-argument `add`s of a list at once, so a list of
// 100,000 lines costs one change of the queue instead of 100,000. MPDDispatcher.run uses it.

/// A backend with a faster way to run several `add URI` commands in a row.
public protocol MPDAddingMany: MPDBackend {
  /// Does what `add(uri:)` does for each URI in turn, leaving the queue (its versions included) as those
  /// calls would. When one fails, the URIs before it stay added and the error is an `MPDAddFailure`.
  func add(uris: [String]) async throws
}

/// Why `add(uris:)` stopped: how many URIs it added before the one that failed, and that one's error.
public struct MPDAddFailure: Error {
  public var added: Int
  public var error: any Error

  public init(added: Int, error: any Error) {
    self.added = added
    self.error = error
  }
}
