// Rescans from a scheduled job, end to end: a broken file is reported once until it changes (the run
// exits 0 while nothing new went wrong), and a playlist file found while indexing is imported once and
// brought in step in place when it changes, never imported again as a second playlist.
import Foundation
import Testing

@Suite struct RescanCLITests {
  private func copySong(_ sample: String, to file: URL) throws {
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: TunesExecutable.sampleLibrary.appendingPathComponent(sample), to: file)
  }

  private func setMtime(_ file: URL, _ seconds: Double) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: file.path)
  }

  /// name → song count of every playlist.
  private func playlists(_ sandbox: TunesSandbox) throws -> [String: Int] {
    let listed = try #require(try sandbox.run(["playlist", "list", "--json"]).json() as? [[String: Any]])
    var counts: [String: Int] = [:]
    for playlist in listed { counts[playlist["name"] as? String ?? "?"] = playlist["songCount"] as? Int ?? -1 }
    return counts
  }

  @Test func aKnownBrokenFileFailsOneRunAndAChangedPlaylistIsUpdatedInPlace() throws {
    let sandbox = try TunesSandbox()
    let music = try sandbox.makeFolder("music")
    try copySong("Zoë Marlowe/Small Hours/01 Nocturne for Kettle.mp3", to: music.appendingPathComponent("a.mp3"))
    try copySong("Various Artists/Sunday Sampler/01 Paper Boats.mp3", to: music.appendingPathComponent("b.mp3"))
    let bad = music.appendingPathComponent("bad.m3u8")
    try "#EXTM3U\n#EXTINF:abc,x\n/x\n".write(to: bad, atomically: true, encoding: .utf8)
    try setMtime(bad, 1_000)
    let mix = music.appendingPathComponent("mix.m3u8")
    try "a.mp3\n".write(to: mix, atomically: true, encoding: .utf8)
    try setMtime(mix, 1_000)

    let first = try sandbox.run(["index", music.path])
    #expect(first.status == 1, "\(first)")
    #expect(first.stderr.contains("\(bad.path): line 2:"), "\(first)")
    #expect(try playlists(sandbox) == ["mix": 1])

    // Nothing changed: nothing new went wrong, so the run succeeds and names no file on stderr.
    let second = try sandbox.run(["index", music.path])
    #expect(second.status == 0, "\(second)")
    #expect(second.stderr == "", "\(second)")
    #expect(
      second.stdout.contains("errors 0\n1 known broken file unchanged since reported (--verbose lists them)\n"), "\(second)")
    #expect(!second.stdout.contains("playlist 'mix'"), "\(second)")
    #expect(try playlists(sandbox) == ["mix": 1])

    let verbose = try sandbox.run(["index", music.path, "--verbose"])
    #expect(verbose.status == 0, "\(verbose)")
    #expect(verbose.stderr.contains("\(bad.path): line 2:"), "\(verbose)")
    let json = try sandbox.run(["index", music.path, "--json"])
    #expect(json.status == 0, "\(json)")
    let object = try #require(try json.json() as? [String: Any])
    #expect((object["errors"] as? [Any])?.isEmpty == true, "\(json)")
    #expect(((object["knownErrors"] as? [[String: Any]])?.map { $0["path"] as? String }) == [bad.path], "\(json)")

    // Touched: the file may have changed, so it is reported again, once.
    try setMtime(bad, 2_000)
    let touched = try sandbox.run(["index", music.path])
    #expect(touched.status == 1 && touched.stderr.contains("\(bad.path): line 2:"), "\(touched)")
    #expect(try sandbox.run(["index", music.path]).status == 0)

    // Changed: reported again, with its new problem.
    try "#EXTM3U\n#EXTINF:xyz,x\n/x\n".write(to: bad, atomically: true, encoding: .utf8)
    let changed = try sandbox.run(["index", music.path])
    #expect(changed.status == 1 && changed.stderr.contains("'xyz'"), "\(changed)")

    // A changed playlist file updates its playlist in place.
    try "a.mp3\nb.mp3\n".write(to: mix, atomically: true, encoding: .utf8)
    try setMtime(mix, 3_000)
    let updated = try sandbox.run(["index", music.path])
    #expect(updated.status == 0, "\(updated)")
    #expect(updated.stdout.contains("playlist 'mix' updated from its file"), "\(updated)")
    #expect(try playlists(sandbox) == ["mix": 2])
  }
}
