// `tunes index` keeps the songs of a folder that went away as missing (not listed, their play counts and
// ids kept) until the folder comes back or `tunes index --prune` deletes them; `--dry-run` says which.
import Foundation
import Testing

@Suite struct MissingSongCLITests {
  private func copySong(into folder: URL, as name: String) throws {
    let source = TunesExecutable.sampleLibrary.appendingPathComponent("Zoë Marlowe/Small Hours/01 Nocturne for Kettle.mp3")
    try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(name))
  }

  private func songs(_ sandbox: TunesSandbox, _ query: [String] = []) throws -> [[String: Any]] {
    let result = try sandbox.run(["ls", "songs"] + query + ["--json"])
    #expect(result.status == 0, "\(result)")
    return try #require(try result.json() as? [[String: Any]], "\(result)")
  }

  @Test func aFolderThatWentAwayIsMissingUntilItComesBackOrIsPruned() throws {
    let sandbox = try TunesSandbox()
    let music = try sandbox.makeFolder("music")
    let disk = music.appendingPathComponent("disk")
    try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
    try copySong(into: disk, as: "song.mp3")
    #expect(try sandbox.run(["index", music.path]).status == 0)
    let before = try songs(sandbox)
    #expect(before.count == 1)

    let aside = sandbox.folder.appendingPathComponent("aside")
    try FileManager.default.moveItem(at: disk, to: aside)
    let gone = try sandbox.run(["index", music.path])
    #expect(gone.status == 0, "\(gone)")
    #expect(gone.stdout.contains("missing 1, removed 0"), "\(gone)")
    #expect(try songs(sandbox).isEmpty)
    #expect(try songs(sandbox, ["missing:yes"]).count == 1)

    try FileManager.default.moveItem(at: aside, to: disk)
    let back = try sandbox.run(["index", music.path])
    #expect(back.status == 0, "\(back)")
    let after = try songs(sandbox)
    #expect(after.count == 1 && after.first?["id"] as? Int == before.first?["id"] as? Int, "\(after)")

    try FileManager.default.removeItem(at: disk)
    _ = try sandbox.run(["index", music.path])
    let dry = try sandbox.run(["index", "--prune", "--dry-run", music.path])
    #expect(dry.stdout.contains("would remove  " + disk.appendingPathComponent("song.mp3").path), "\(dry)")
    #expect(try songs(sandbox, ["missing:yes"]).count == 1)
    let pruned = try sandbox.run(["index", "--prune", music.path])
    #expect(pruned.status == 0 && pruned.stdout.contains("removed 1"), "\(pruned)")
    #expect(try songs(sandbox, ["missing:any"]).isEmpty)
  }
}
