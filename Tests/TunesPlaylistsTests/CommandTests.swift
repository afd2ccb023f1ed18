// `tunes playlist …` end to end: runs the built `tunes` binary (next to the test bundle) against a
// fixture database and checks output, exit statuses and the database afterwards.
import Foundation
import Testing

@testable import TunesPlaylists

@Suite struct CommandTests {
  struct Result {
    var status: Int32
    var out: String
    var err: String
  }

  static var binary: String {
    let testBinary = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
    var folder = testBinary.deletingLastPathComponent()
    // The test bundle may be a folder (…/tunesPackageTests.xctest/…); climb to the build folder.
    while !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("tunes").path), folder.path != "/" {
      folder = folder.deletingLastPathComponent()
    }
    return folder.appendingPathComponent("tunes").path
  }

  func run(_ f: Fixture, _ arguments: String..., input: String = "") throws -> Result {
    let result = try ChildProcess.run(
      Self.binary, ["playlist"] + arguments + ["--db", f.library.path], input: .bytes(Data(input.utf8)),
      workingDirectory: f.folder)
    return Result(status: result.status, out: result.output, err: result.errors)
  }

  @Test func theBinaryIsBuilt() {
    #expect(FileManager.default.isExecutableFile(atPath: Self.binary), "no tunes binary at \(Self.binary)")
  }

  @Test func buildEditAndShow() async throws {
    let f = try Fixture()
    var r = try run(f, "create", "Trip", "artist:The Beatles")
    #expect(r.status == 0, "\(r.err)")
    r = try run(f, "add", "Trip", "cafe", "--at", "1")
    #expect(r.status == 0, "\(r.err)")
    r = try run(f, "add", "Trip", f.folder + "/music/Johnny Cash")
    #expect(r.out == "added 1 song to 'Trip'\n")
    r = try run(f, "add", "Trip", "beatles", "--unique")
    #expect(r.out.contains("added 0 songs"))
    r = try run(f, "move", "Trip", "4", "1")
    #expect(r.status == 0)
    // The query's songs come in the library's default order (album, then track number).
    #expect(try await f.titles("Trip") == ["Hurt", "Café Blues", "Come Together", "Here Comes the Sun"])
    r = try run(f, "show", "Trip", "--json")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    #expect(json["songCount"] as? Int == 4)
    #expect(json["durationMs"] as? Int == 218_000 + 215_000 + 185_000 + 259_000)
    let entries = try #require(json["entries"] as? [[String: Any]])
    #expect(entries.map { $0["position"] as? Int } == [1, 2, 3, 4])
    #expect(entries.first?["artist"] as? String == "Johnny Cash")
    r = try run(f, "show", "Trip")
    #expect(r.out.hasPrefix("Trip: 4 songs, 14:37\n"))
    #expect(r.out.contains("Hurt"))
    r = try run(f, "sort", "Trip", "title")
    #expect(try await f.titles("Trip") == ["Café Blues", "Come Together", "Here Comes the Sun", "Hurt"])
    r = try run(f, "remove", "Trip", "1", "3-")
    #expect(r.out == "removed 3 songs from 'Trip'\n")
    r = try run(f, "add", "Trip", "together")
    r = try run(f, "dedupe", "Trip")
    #expect(r.out == "removed 1 song from 'Trip'\n")
    r = try run(f, "rename", "Trip", "Short")
    r = try run(f, "list", "--json")
    let list = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [[String: Any]])
    #expect(list.map { $0["name"] as? String } == ["Short"])
    #expect(list.first?["songCount"] as? Int == 1)
    r = try run(f, "delete", "Short", "--yes")
    #expect(r.status == 0)
    #expect(try f.playlistCount() == 0)
  }

  @Test func smartPlaylistsAndErrors() async throws {
    let f = try Fixture()
    var r = try run(f, "create", "Top", "--smart", "sort:-playcount limit:1")
    #expect(r.status == 0, "\(r.err)")
    r = try run(f, "show", "Top")
    #expect(r.out.contains("Here Comes the Sun"))
    r = try run(f, "add", "Top", "hurt")
    #expect(r.status == 64)
    #expect(r.err.contains("smart playlist"))
    r = try run(f, "show", "Topp")
    #expect(r.status == 66)
    #expect(r.err == "tunes: no playlist named 'Topp'; closest: 'Top'\n")
    r = try run(f, "create", "top")
    #expect(r.status == 64)
    #expect(r.err.contains("exists already"))
    r = try run(f, "create", "a\u{7}b")
    #expect(r.status == 64)
    #expect(r.err.contains("control character"))
    r = try run(f, "create", "Two", "hurt", "together")
    #expect(r.status == 66, "\(r.out)\(r.err)")  // no song has both words
    r = try run(f, "create", "Two", "hurt")
    r = try run(f, "move", "Two", "1", "3")
    #expect(r.status == 64)
    #expect(r.err.contains("has positions 1-1"))
    r = try run(f, "remove", "Two", "x")
    #expect(r.status == 64)
    r = try run(f, "remove", "Two", "1", "--query", "nomatch")
    #expect(r.status == 66, "\(r.out)\(r.err)")
    #expect(r.err == "tunes: no song matches 'nomatch'\n")
    #expect(try await f.titles("Two") == ["Hurt"])
    r = try run(f, "sort", "Two", "colour")
    #expect(r.status == 64)
  }

  @Test func importByARelativePathResolvesEntriesAgainstItsFolder() throws {
    let f = try Fixture()
    // No names in the file: only the path can match, so a wrongly resolved path shows as missing.
    _ = try f.write("pl/relonly.m3u8", "../music/Johnny Cash/American IV/02 Hurt.mp3\n")
    let r = try run(f, "import", "pl/relonly.m3u8")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out == "imported 'relonly': 1 song\n")
  }

  @Test func pathTermsAreQueryTermsNotFiles() async throws {
    let f = try Fixture()
    var r = try run(f, "create", "P", "path:" + f.folder + "/music/The Beatles/")
    #expect(r.status == 0, "\(r.err)")
    #expect(try await f.titles("P") == ["Come Together", "Here Comes the Sun"])
    // A real path beside a negated path term: the folder's songs, then the query's.
    r = try run(
      f, "add", "P", f.folder + "/music/Johnny Cash", "zoe", "-path:" + f.folder + "/music/Zoë Keating/Into the Trees/02")
    #expect(r.status == 0, "\(r.err)")
    #expect(try await f.titles("P") == ["Come Together", "Here Comes the Sun", "Hurt", "Café Blues"], "\(r.out)\(r.err)")
  }

  @Test func aCutShortXSPFIsRefusedAndImportsNothing() throws {
    let f = try Fixture()
    _ = try run(f, "create", "Mix", "beatles")
    var r = try run(f, "export", "Mix", "-o", "mix.xspf")
    #expect(r.status == 0, "\(r.err)")
    let whole = try Data(contentsOf: URL(fileURLWithPath: f.folder + "/mix.xspf"))
    _ = try f.write("cut.xspf", String(decoding: whole.prefix(whole.count * 3 / 4), as: UTF8.self))
    r = try run(f, "import", "cut.xspf")
    #expect(r.status == 65, "\(r.out)\(r.err)")
    #expect(r.err.hasPrefix("tunes: cut.xspf: line "), "\(r.err)")
    #expect(r.err.hasSuffix(": it is cut short (no closing </playlist>)\n"), "\(r.err)")
    #expect(r.out == "")
    #expect(try f.playlistCount() == 1)
  }

  @Test func saveWithoutARunningPlayerSaysSo() throws {
    let f = try Fixture()
    let result = try ChildProcess.run(
      Self.binary, ["playlist", "save", "Q", "--db", f.library.path],
      environment: ["HOME": f.folder, "TUNES_MPD_SOCKET": f.folder + "/no-player.sock"])
    #expect(result.status == 69, "\(result.errors)")
    #expect(try f.playlistCount() == 0)
  }

  @Test func aFileThatIsNotThereIsNamedAsSuch() async throws {
    let f = try Fixture()
    var r = try run(f, "create", "Typo", "music/nothing-here.mp3")
    #expect(r.status == 66 && r.err == "tunes: music/nothing-here.mp3: no such file or folder\n", "\(r.err)")
    // A file on disk that was never indexed is what `tunes index` is for.
    _ = try f.write("music/new.mp3", "not indexed")
    r = try run(f, "create", "New", "music/new.mp3")
    #expect(r.status == 66 && r.err.contains("not in the library"), "\(r.err)")
    #expect(try f.playlistCount() == 0)
  }

  @Test func exportAndImport() async throws {
    let f = try Fixture()
    _ = try run(f, "create", "Mix", "beatles")
    var r = try run(f, "export", "Mix", "-o", "out/mix.xspf")
    #expect(r.status == 74)  // the folder does not exist
    #expect(r.err == "tunes: out/mix.xspf: cannot be written: no such folder\n")
    try FileManager.default.createDirectory(atPath: f.folder + "/out", withIntermediateDirectories: true)
    r = try run(f, "export", "Mix", "-o", "out/mix.xspf")
    #expect(r.status == 0, "\(r.err)")
    let xspf = try String(contentsOfFile: f.folder + "/out/mix.xspf", encoding: .utf8)
    #expect(xspf.contains("<location>file://" + f.folder + "/music/The%20Beatles/"))
    r = try run(f, "export", "Mix", "--format", "m3u8", "--relative", "-o", "out/mix.m3u8")
    let m3u = try String(contentsOfFile: f.folder + "/out/mix.m3u8", encoding: .utf8)
    #expect(m3u.contains("\n../music/The Beatles/Abbey Road/"))
    r = try run(f, "export", "Mix", "--format", "jspf")
    #expect(r.out.contains("\"playlist\""))
    // Standard output without --format gets M3U8; a file whose name says no format is refused.
    r = try run(f, "export", "Mix")
    #expect(r.status == 0 && r.out.hasPrefix("#EXTM3U\n") && r.out.contains("/music/The Beatles/"), "\(r.out)\(r.err)")
    r = try run(f, "export", "Mix", "-o", "out/mix.txt")
    #expect(r.status == 64)
    r = try run(f, "import", "out/mix.m3u8", "--name", "Again")
    #expect(r.out == "imported 'Again': 2 songs\n")
    let again = try await f.titles("Again")
    #expect(again == (try await f.titles("Mix")))
    let bad = try f.write("bad.jspf", #"{"playlist": {"track": [{"title": "x", "duration": "long"}]}}"#)
    r = try run(f, "import", bad)
    #expect(r.status == 65)
    #expect(r.err == "tunes: \(bad): $.playlist.track[0].duration: expected a number of milliseconds\n")
    #expect(try f.playlistCount() == 2)
    let missing = try f.write("missing.m3u", "/nowhere/a.mp3\n")
    r = try run(f, "import", missing)
    #expect(r.out == "imported 'missing': 1 song, 1 not in the library (kept as missing):\n  1: /nowhere/a.mp3\n")
    r = try run(f, "show", "missing")
    #expect(r.out.contains("missing: /nowhere/a.mp3"))
  }
}
