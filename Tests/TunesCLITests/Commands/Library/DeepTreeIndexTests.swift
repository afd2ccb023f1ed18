// `tunes index` on a tree nested deeper than its open files allow: the walk keeps one folder open per
// level, so under a low open-file limit (here 128, soft and hard) it goes only as deep as two chains of
// open folders fit beside the rest of the program, skips the folder past that with one line naming it
// and the limit, indexes everything else and exits 1; nothing runs out of descriptors.
import Foundation
import Testing

@Suite struct DeepTreeIndexTests {
  @Test func aTreeDeeperThanTheOpenFilesAllowIsIndexedToTheLimit() throws {
    let sandbox = try TunesSandbox()
    let music = try sandbox.makeFolder("music").resolvingSymlinksInPath().path
    let song = TunesExecutable.sampleLibrary.appendingPathComponent("Zoë Marlowe/Small Hours/01 Nocturne for Kettle.mp3")
    let manager = FileManager.default
    try manager.copyItem(atPath: song.path, toPath: music + "/top.mp3")
    // 150 levels: more folders than the 128 descriptors the run may open.
    var folder = music
    for level in 1...150 {
      folder += "/d"
      try manager.createDirectory(atPath: folder, withIntermediateDirectories: false)
      if level == 8 || level == 150 { try manager.copyItem(atPath: song.path, toPath: folder + "/s\(level).mp3") }
    }
    let binary = try #require(TunesExecutable.path)
    let result = try ChildProcess.run(
      "/bin/sh", ["-c", "ulimit -n 128 && exec \"$0\" \"$@\"", binary, "index", music, "--db", sandbox.database],
      environment: sandbox.environment, workingDirectory: sandbox.folder.path, timeout: 120)
    #expect(result.status == 1, "\(result.output)\n\(result.errors)")
    let lines = result.errors.split(separator: "\n")
    #expect(lines.count == 1, "\(result.errors)")
    // "tunes: PATH: folder more than N levels below the indexed folder; skipped (...)"
    let line = try #require(lines.first)
    let reason = try #require(line.range(of: ": folder more than "))
    let depth = try #require(Int(line[reason.upperBound...].prefix { $0.isNumber }))
    #expect(depth >= 8 && depth < 64, "\(line)")
    let skipped = music + String(repeating: "/d", count: depth + 1)
    #expect(
      line
        == "tunes: \(skipped): folder more than \(depth) levels below the indexed folder; skipped (its songs stay in the index)")
    #expect(result.output.hasPrefix("added 2,"), "\(result.output)")

    let listed = try sandbox.run(["ls", "songs", "--json"])
    let songs = try #require(try listed.json() as? [[String: Any]], "\(listed)")
    #expect(
      songs.compactMap { $0["path"] as? String }.sorted()
        == [music + String(repeating: "/d", count: 8) + "/s8.mp3", music + "/top.mp3"], "\(listed)")
  }
}
