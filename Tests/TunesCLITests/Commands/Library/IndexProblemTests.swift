// `tunes index` meeting what it cannot read, end to end: a folder it may not open keeps its songs (ids
// and all) instead of losing them, and a playlist file it cannot parse is one of the run's errors.
import Foundation
import Testing
import TunesTestSupport

@Suite struct IndexProblemTests {
  private func copySong(into folder: URL, as name: String) throws {
    let source = TunesExecutable.sampleLibrary.appendingPathComponent("Zoë Marlowe/Small Hours/01 Nocturne for Kettle.mp3")
    try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(name))
  }

  /// Runs tunes as a user the folder's permissions apply to: root reads any folder, so as root the
  /// command runs as `nobody` (util-linux's setpriv), in a sandbox opened to everyone.
  private func runAsUser(_ sandbox: TunesSandbox, _ arguments: [String]) throws -> RunResult {
    guard geteuid() == 0 else { return try sandbox.run(arguments) }
    let binary = try #require(TunesExecutable.path)
    let result = try ChildProcess.run(
      "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", binary] + arguments + ["--db", sandbox.database],
      environment: sandbox.environment, workingDirectory: sandbox.folder.path, timeout: 60)
    return RunResult(status: result.status, stdout: result.output, stderr: result.errors)
  }

  @Test func anUnreadableFolderKeepsItsSongs() throws {
    let sandbox = try TunesSandbox()
    let music = try sandbox.makeFolder("music")
    let locked = try sandbox.makeFolder("music/locked")
    try copySong(into: music, as: "open.mp3")
    try copySong(into: locked, as: "inside.mp3")
    if geteuid() == 0 {
      // Every file of the sandbox open to the unprivileged user (the database is created by it).
      let all = try FileManager.default.subpathsOfDirectory(atPath: sandbox.folder.path).map { sandbox.folder.path + "/" + $0 }
      for path in [sandbox.folder.path] + all { chmod(path, 0o777) }
    }
    let first = try runAsUser(sandbox, ["index", music.path])
    #expect(first.status == 0, "\(first)")
    let before = try runAsUser(sandbox, ["ls", "songs", "--json"])
    #expect(before.stdout.contains("inside.mp3"), "\(before)")

    chmod(locked.path, 0)
    defer { chmod(locked.path, 0o777) }
    let blocked = try runAsUser(sandbox, ["index", music.path])
    #expect(blocked.status == 1, "\(blocked)")
    #expect(blocked.stdout.contains("removed 0"), "\(blocked)")
    #expect(blocked.stderr.contains("\(locked.path): cannot read folder"), "\(blocked)")
    #expect(blocked.stderr.split(separator: "\n").count == 1, "\(blocked)")
    #expect(try runAsUser(sandbox, ["ls", "songs", "--json"]).stdout == before.stdout, "the index changed")

    chmod(locked.path, 0o777)
    let again = try runAsUser(sandbox, ["index", music.path])
    #expect(again.status == 0 && again.stdout.contains("unchanged 2"), "\(again)")
    #expect(try runAsUser(sandbox, ["ls", "songs", "--json"]).stdout == before.stdout, "the songs came back as new ones")
  }

  @Test func aPlaylistFileThatCannotBeParsedIsAnErrorOfTheRun() throws {
    let sandbox = try TunesSandbox()
    let music = try sandbox.makeFolder("music")
    try copySong(into: music, as: "song.mp3")
    let bad = music.appendingPathComponent("bad.m3u8")
    try "#EXTM3U\n#EXTINF:abc,x\n/x\n".write(to: bad, atomically: true, encoding: .utf8)

    let text = try sandbox.run(["index", music.path])
    #expect(text.status == 1, "\(text)")
    #expect(text.stdout == "added 1, updated 0, moved 0, removed 0, unchanged 0, errors 1\n", "\(text)")
    #expect(text.stderr == "tunes: \(bad.path): line 2: #EXTINF duration 'abc' is not a number of seconds\n", "\(text)")

    // Reported by the run before and unchanged since: known, and no failure of this run.
    let json = try sandbox.run(["index", music.path, "--json"])
    #expect(json.status == 0, "\(json)")
    let object = try #require(try json.json() as? [String: Any])
    #expect((object["errors"] as? [Any])?.isEmpty == true)
    let known = try #require(object["knownErrors"] as? [[String: String]])
    #expect(known == [["path": bad.path, "reason": "line 2: #EXTINF duration 'abc' is not a number of seconds"]])
    #expect((object["playlists"] as? [String]) == [])
  }
}
