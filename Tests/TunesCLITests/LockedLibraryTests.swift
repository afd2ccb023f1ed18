// A library another process is writing to (holding a write transaction past SQLite's busy timeout):
// the command says who holds it and what to do, exit 75 (try again later), instead of SQLite's
// "error 5" with exit 1.
import Foundation
import Testing

@Suite struct LockedLibraryTests {
  @Test func aWriteToALockedLibraryNamesItsHolder() throws {
    let sandbox = try TunesSandbox()
    #expect(try sandbox.run(["playlist", "create", "First"]).status == 0)
    // A process of another program holding a write transaction until its stdin closes.
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    holder.arguments = [
      "python3", "-c",
      "import sqlite3, sys; c = sqlite3.connect(sys.argv[1], isolation_level=None); c.execute('BEGIN IMMEDIATE');"
        + " print('locked', flush=True); sys.stdin.read()",
      sandbox.database,
    ]
    let input = Pipe()
    let output = Pipe()
    holder.standardInput = input
    holder.standardOutput = output
    try holder.run()
    defer {
      try? input.fileHandleForWriting.close()
      holder.waitUntilExit()
    }
    let ready = output.fileHandleForReading.availableData
    #expect(String(decoding: ready, as: UTF8.self).hasPrefix("locked"))

    let created = try sandbox.run(["playlist", "create", "Second"])
    #expect(created.status == 75, "\(created)")
    #expect(
      created.stderr.contains("is being written by another process (open in pid \(holder.processIdentifier) (python"),
      "\(created)")
    #expect(!created.stderr.contains("SQLite error"), "\(created)")
  }
}
