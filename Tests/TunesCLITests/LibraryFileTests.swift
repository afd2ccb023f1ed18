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

  @Test func aRealLibraryStillOpens() throws {
    let sandbox = try TunesSandbox()
    let created = try sandbox.run(["playlist", "create", "P"])
    #expect(created.status == 0, "\(created)")
    let stats = try sandbox.run(["stats"])
    #expect(stats.status == 0, "\(stats)")
  }
}
