// Another program writing to a library: a python3 sqlite3 connection that opens a write transaction
// (and runs `statements` in it), says so, and holds it until `end()` closes its stdin. The tests of a
// locked library use it to hold SQLite's lock past the busy timeout, as a sqlite3 shell would.
import Foundation

final class LibraryWriter {
  let process = Process()
  private let input = Pipe()

  /// Starts the writer on the database at `path` and returns once it holds the transaction.
  /// `begin`: `IMMEDIATE` (readers go on) or `EXCLUSIVE`; `statements`: SQL run inside it.
  init(database path: String, begin: String = "IMMEDIATE", statements: [String] = []) throws {
    let work = statements.map { " c.execute(\"\($0)\");" }.joined()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import sqlite3, sys; c = sqlite3.connect(sys.argv[1], isolation_level=None); c.execute('BEGIN \(begin)');"
        + work + " print('locked', flush=True); sys.stdin.read()",
      path,
    ]
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let ready = output.fileHandleForReading.availableData
    guard String(decoding: ready, as: UTF8.self).hasPrefix("locked") else {
      end()
      throw WriterDidNotLock(said: String(decoding: ready, as: UTF8.self))
    }
  }

  /// Ends the transaction (the writer exits when its stdin closes) and waits for the process.
  func end() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  struct WriterDidNotLock: Error { let said: String }
}
