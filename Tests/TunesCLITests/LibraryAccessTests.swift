// The library as processes share it, end to end: a library this user cannot write is still listed
// (every command once exited 77 on it), another program's SQLite file named by --db is refused and left
// as it was, and tunes processes starting at once on one library take turns opening it.
import Foundation
import Testing
import TunesTestSupport

@Suite struct LibraryAccessTests {
  /// Runs tunes as `nobody` (util-linux's setpriv), to whom the library's permissions apply; as root
  /// every file can be written.
  private func runAsNobody(_ sandbox: TunesSandbox, _ arguments: [String]) throws -> RunResult {
    let binary = try #require(TunesExecutable.path)
    let result = try ChildProcess.run(
      "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", binary] + arguments + ["--db", sandbox.database],
      environment: sandbox.environment, workingDirectory: "/", timeout: 60)
    return RunResult(status: result.status, stdout: result.output, stderr: result.errors)
  }

  /// A folder of two songs of the sample library (whole, it holds files meant to fail, and its index exits 1).
  private func music(in sandbox: TunesSandbox) throws -> String {
    let folder = try sandbox.makeFolder("music")
    let album = TunesExecutable.sampleLibrary.appendingPathComponent("Zoë Marlowe/Small Hours")
    for name in ["01 Nocturne for Kettle.mp3", "03 3 a.m. Radio.mp3"] {
      try FileManager.default.copyItem(at: album.appendingPathComponent(name), to: folder.appendingPathComponent(name))
    }
    return folder.path
  }

  /// A sandbox whose library (two songs, indexed) belongs to root, in a folder `nobody` may
  /// enter: `folderMode` says whether `nobody` may also write the folder, `databaseMode` the file.
  private func readOnlyLibrary(folderMode: mode_t, databaseMode: mode_t) throws -> TunesSandbox {
    let sandbox = try TunesSandbox()
    let indexed = try sandbox.run(["index", try music(in: sandbox)])
    #expect(indexed.status == 0, "\(indexed)")
    #expect(try sandbox.run(["playlist", "create", "P"]).status == 0)
    chmod(sandbox.folder.path, folderMode)
    chmod(sandbox.database, databaseMode)
    return sandbox
  }

  @Test(arguments: [(mode_t(0o755), mode_t(0o644)), (0o777, 0o444), (0o755, 0o444)])
  func aLibraryThisUserCannotWriteIsStillRead(folderMode: mode_t, databaseMode: mode_t) throws {
    guard geteuid() == 0 else { return }  // setpriv needs root; as another user the test has no one to be
    let sandbox = try readOnlyLibrary(folderMode: folderMode, databaseMode: databaseMode)
    let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.database))
    let songs = try sandbox.run(["ls", "songs", "--json"])
    for arguments in [["ls", "songs", "--json"], ["stats"], ["search", "kettle"], ["info", "1"], ["playlist", "list"]] {
      let result = try runAsNobody(sandbox, arguments)
      #expect(result.status == 0, "\(arguments): \(result)")
      if arguments[0] == "ls" { #expect(result.stdout == songs.stdout) }
    }
    let index = try runAsNobody(sandbox, ["index", sandbox.folder.path + "/music"])
    #expect(index.status == 77, "\(index)")
    #expect(
      index.stderr == "tunes: cannot write the library database \(sandbox.database): it or its folder is read-only for "
        + "this user; commands that only read it (ls, search, info, stats) still work\n")
    // A command that changes what the library holds opens it read-only too, and its write is refused in words.
    let delete = try runAsNobody(sandbox, ["playlist", "delete", "P"])
    #expect(delete.status == 77, "\(delete)")
    #expect(delete.stderr == index.stderr, "\(delete)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.database)) == before)
  }

  @Test func anotherProgramsDatabaseIsRefusedByEveryCommand() throws {
    let sandbox = try TunesSandbox()
    let music = try sandbox.makeFolder("music")
    let other = sandbox.folder.appendingPathComponent("other.db")
    let made = try ChildProcess.run(
      "/usr/bin/python3",
      [
        "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('create table contacts(name)'); c.commit()",
        other.path,
      ],
      environment: sandbox.environment, workingDirectory: sandbox.folder.path, timeout: 30)
    try #require(made.status == 0, "\(made.errors)")
    let before = try Data(contentsOf: other)
    for arguments in [["stats"], ["ls", "songs"], ["playlist", "create", "P"], ["index", music.path]] {
      let result = try sandbox.run(arguments + ["--db", other.path], useDatabase: false)
      #expect(result.status == 65, "\(arguments): \(result)")
      #expect(
        result.stderr == "tunes: \(other.path) is an SQLite database of another program (tables: contacts), not a tunes "
          + "library; it was left as it is: name another with --db\n", "\(arguments)")
      #expect(try Data(contentsOf: other) == before, "\(arguments) changed the file")
      #expect(!FileManager.default.fileExists(atPath: other.path + "-wal"), "\(arguments) left a -wal file")
    }
  }

  /// Runs every command line at once, each in its own process; their results in the same order.
  private func runAtOnce(_ sandbox: TunesSandbox, _ commands: [[String]]) -> [Result<RunResult, any Error>] {
    let results = Results(count: commands.count)
    let (environment, database, folder) = (sandbox.environment, sandbox.database, sandbox.folder)
    DispatchQueue.concurrentPerform(iterations: commands.count) { index in
      results.set(
        index,
        Result { try TunesExecutable.run(commands[index] + ["--db", database], environment: environment, scratch: folder) })
    }
    return results.all
  }

  /// First starts at once (two indexes, an index and a playlist): before the open lock, 6 pairs in 8
  /// stopped one of them on `table "artist" already exists`.
  @Test func firstStartsAtOnceAllSucceed() throws {
    for _ in 0..<6 {
      let sandbox = try TunesSandbox()
      let sample = try music(in: sandbox)
      let results = runAtOnce(sandbox, [["index", sample], ["index", sample], ["playlist", "create", "P"]])
      for result in results {
        let run = try result.get()
        #expect(run.status == 0, "\(run)")
      }
    }
  }

  /// Indexes of the sample library at once, once it exists: each opens it and waits its turn to index.
  /// Before the open lock, a third of such pairs stopped one on `no such table: song`. The sample holds two
  /// files meant to fail, so each run exits 1, with those two errors only.
  @Test func indexesOfAnExistingLibraryAtOnceAllSucceed() throws {
    let sandbox = try TunesSandbox()
    let sample = TunesExecutable.sampleLibrary.path
    #expect(try sandbox.run(["index", sample]).status == 1)
    for _ in 0..<12 {
      for result in runAtOnce(sandbox, [["index", sample], ["index", sample], ["ls", "songs"]]) {
        let run = try result.get()
        let errors = run.stderr.split(separator: "\n").filter { !$0.contains("waiting for another index") }
        #expect(run.status <= 1 && errors.count <= 2, "\(run)")
      }
    }
  }

  final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Result<RunResult, any Error>]
    init(count: Int) { list = Array(repeating: .failure(CancellationError()), count: count) }
    func set(_ index: Int, _ result: Result<RunResult, any Error>) { lock.withLock { list[index] = result } }
    var all: [Result<RunResult, any Error>] { lock.withLock { list } }
  }
}
