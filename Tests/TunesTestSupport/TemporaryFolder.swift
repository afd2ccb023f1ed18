// The temporary folders and the waiting every test target needs, written once: a folder of its own for
// each test, and a wait on a condition with a generous limit (tests run on busy machines, so nothing is
// timed tightly; a condition that holds ends the wait at once).
import Foundation

public enum TemporaryFolder {
  /// A fresh folder of one test's own under /tmp, with a short name so that a Unix socket inside it
  /// stays under the 108 bytes a socket path may have.
  public static func make() -> String {
    let path = "/tmp/tc-" + UUID().uuidString.prefix(13)
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}

/// Polls `condition` every `interval` until it holds or `seconds` pass; whether it held.
public func eventually(
  _ seconds: Double = 30, every interval: Duration = .milliseconds(50), _ condition: () async throws -> Bool
) async rethrows -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if try await condition() { return true }
    try? await Task.sleep(for: interval)
  }
  return try await condition()
}
