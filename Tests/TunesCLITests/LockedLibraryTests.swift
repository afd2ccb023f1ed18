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

  /// `index` writes the library too: the same lock reads the same, not "database: database is locked"
  /// with the I/O status 74.
  @Test func indexingALockedLibraryNamesItsHolder() throws {
    let sandbox = try TunesSandbox()
    #expect(try sandbox.run(["playlist", "create", "First"]).status == 0)
    let music = try sandbox.makeFolder("music")
    let song = TunesExecutable.sampleLibrary.appendingPathComponent("Zoë Marlowe/Small Hours/01 Nocturne for Kettle.mp3")
    try FileManager.default.copyItem(at: song, to: music.appendingPathComponent("song.mp3"))
    let holder = try LibraryWriter(database: sandbox.database)
    defer { holder.end() }

    let indexed = try sandbox.run(["index", music.path])
    #expect(indexed.status == 75, "\(indexed)")
    #expect(
      indexed.stderr.contains("is being written by another process (open in pid \(holder.process.processIdentifier) (python"),
      "\(indexed)")
    #expect(!indexed.stderr.contains("database is locked"), "\(indexed)")
  }

  /// The listen queue lives in the library: a write to it meets the same lock, said the same way.
  @Test func retryingAListenInALockedLibraryNamesItsHolder() throws {
    let sandbox = try TunesSandbox()
    #expect(try sandbox.run(["playlist", "create", "First"]).status == 0)
    let holder = try LibraryWriter(database: sandbox.database)
    defer { holder.end() }

    let retried = try sandbox.run(["lb", "retry", "1"])
    #expect(retried.status == 75, "\(retried)")
    #expect(
      retried.stderr.contains("is being written by another process (open in pid \(holder.process.processIdentifier) (python"),
      "\(retried)")
  }
}
