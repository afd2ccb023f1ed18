// A library another process is writing to (holding a write transaction past SQLite's busy timeout):
// the command says who holds it and what to do, exit 75 (try again later), instead of SQLite's
// "error 5" with exit 1.
import Foundation
import Testing

@Suite struct LockedLibraryTests {
  @Test func aWriteToALockedLibraryNamesItsHolder() throws {
    let sandbox = try TunesSandbox()
    #expect(try sandbox.run(["playlist", "create", "First"]).status == 0)
    // A process of another program holding a write transaction until it is ended.
    let holder = try LibraryWriter(database: sandbox.database)
    defer { holder.end() }

    let created = try sandbox.run(["playlist", "create", "Second"])
    #expect(created.status == 75, "\(created)")
    #expect(
      created.stderr.contains("is being written by another process (open in pid \(holder.process.processIdentifier) (python"),
      "\(created)")
    #expect(!created.stderr.contains("SQLite error"), "\(created)")
  }
}
