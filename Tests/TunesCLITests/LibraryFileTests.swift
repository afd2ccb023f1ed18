// A file that is not a tunes library is never opened as one: `--db notes.txt` once turned the file
// into an SQLite database. Every command, the ones that create a library included, refuses it in one
// line naming the file, with exit 65, and leaves its bytes as they were.
import Foundation
import Testing

@Suite struct LibraryFileTests {
  @Test func aFileThatIsNotADatabaseIsRefusedAndLeftAsItWas() throws {
    let sandbox = try TunesSandbox()
    let music = try sandbox.makeFolder("music")
    let notes = sandbox.folder.appendingPathComponent("notes.txt")
    let commands = [
      ["stats"], ["ls", "songs"], ["search", "blue"], ["info", "1"], ["playlist", "list"], ["playlist", "create", "P"],
      ["index", music.path], ["play", "--pace", "max", "--device", "null"],
    ]
    for contents in ["x", "some notes\nworth keeping\n"] {
      try Data(contents.utf8).write(to: notes)
      for arguments in commands {
        let result = try sandbox.run(arguments + ["--db", notes.path], useDatabase: false)
        #expect(result.status == 65, "\(arguments): \(result)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): one line: \(result)")
        #expect(result.stderr.contains(notes.path) && result.stderr.contains("is not a tunes library"), "\(arguments): \(result)")
        #expect(try Data(contentsOf: notes) == Data(contents.utf8), "\(arguments) changed \(notes.path)")
      }
    }
  }

  /// A database whose pages are damaged (here: a valid header and garbage after it) is named, with what
  /// to do, never SQLite's raw text; the file is left for the user to look at.
  @Test func aDamagedDatabaseIsExplained() throws {
    let sandbox = try TunesSandbox()
    let damaged = sandbox.folder.appendingPathComponent("damaged.db")
    var bytes = Data("SQLite format 3\0".utf8)
    bytes.append(Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }))
    try bytes.write(to: damaged)
    for arguments in [["stats"], ["ls", "songs"], ["playlist", "list"]] {
      let result = try sandbox.run(arguments + ["--db", damaged.path], useDatabase: false)
      #expect(result.status == 65, "\(arguments): \(result)")
      #expect(
        result.stderr == "tunes: the library database \(damaged.path) is damaged or not a database; move it away and "
          + "run `tunes index` to build a new one\n", "\(arguments): \(result)")
      #expect(try Data(contentsOf: damaged) == bytes)
    }
  }

  /// A folder that cannot hold the database (here a regular file stands where the folder should be).
  @Test func aDatabaseThatCannotBeMadeSaysWhy() throws {
    let sandbox = try TunesSandbox()
    let blocker = sandbox.folder.appendingPathComponent("blocker")
    try Data("x".utf8).write(to: blocker)
    let result = try sandbox.run(["index", sandbox.folder.path, "--db", blocker.path + "/sub/library.db"], useDatabase: false)
    #expect(result.status != 0, "\(result)")
    #expect(
      result.stderr == "tunes: cannot open the library database \(blocker.path)/sub/library.db: \(blocker.path) is a file, "
        + "where its folder should be\n", "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
  }

  @Test func aRealLibraryStillOpens() throws {
    let sandbox = try TunesSandbox()
    let created = try sandbox.run(["playlist", "create", "P"])
    #expect(created.status == 0, "\(created)")
    let stats = try sandbox.run(["stats"])
    #expect(stats.status == 0, "\(stats)")
  }
}
