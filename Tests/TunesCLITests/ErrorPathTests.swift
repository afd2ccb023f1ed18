// The command line's error paths end to end: a malformed catalogue (named with line and column, nothing
// of it applied, the rest indexed), a bad query, a missing path or library; and where the database lives by default.
import Foundation
import Testing

/// Copies one sample song into `folder` (as `song.mp3`), so a folder has something real to index.
private func copySampleSong(into folder: URL, as name: String = "song.mp3") throws {
  let source = TunesExecutable.sampleLibrary.appendingPathComponent("Zoë Marlowe/Small Hours/01 Nocturne for Kettle.mp3")
  try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(name))
}

@Suite struct ErrorPathTests {
  @Test func malformedCatalogueNamesLineAndColumnAndAppliesNothingOfIt() throws {
    let sandbox = try TunesSandbox()
    let good = try sandbox.makeFolder("good")
    try copySampleSong(into: good)
    let first = try sandbox.run(["index", good.path])
    #expect(first.status == 0, "\(first)")
    let before = try sandbox.run(["ls", "songs", "--json"])
    #expect(before.status == 0, "\(before)")

    // Line 4 lacks the comma between "title" and "songs"; the folder also holds a new song, indexed from
    // its tags: nothing of the broken catalogue is applied, the rest of the run is.
    let bad = try sandbox.makeFolder("bad")
    try copySampleSong(into: bad, as: "other.mp3")
    let brokenLine = #"      { "title": "Kettle" "songs": [ { "title": "Other", "fileName": "other" } ] }"#
    let catalogue = ["[", "  { \"artistName\": \"Somebody\",", "    \"albums\": [", brokenLine, "    ]", "  }", "]", ""]
    try catalogue.joined(separator: "\n").write(
      to: bad.appendingPathComponent("library.json"), atomically: true, encoding: .utf8)

    let result = try sandbox.run(["index", bad.path])
    #expect(result.status == 1, "some inputs failed: \(result)")
    #expect(result.stderr.hasPrefix("tunes: " + bad.appendingPathComponent("library.json").path + ":4:"), "\(result)")
    let message = result.stderr
    #expect(message.contains("library.json"), "\(result)")
    // line 4; the column is where the comma is missing (after "Kettle", at most up to "songs").
    let afterTitle = brokenLine.range(of: #""Kettle""#)!.upperBound.utf16Offset(in: brokenLine) + 1
    let songsKey = brokenLine.range(of: #""songs""#)!.lowerBound.utf16Offset(in: brokenLine) + 1
    let position = try #require(
      message.firstMatch(of: /library\.json:(\d+):(\d+)/), "no line:column in \(result)")
    #expect(Int(position.1) == 4, "\(result)")
    #expect((afterTitle...songsKey).contains(Int(position.2) ?? 0), "\(result)")
    #expect(message.split(separator: "\n").count == 1, "one line: \(result)")

    let after = try sandbox.run(["ls", "songs", "--json"])
    let songs = try #require(JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [[String: Any]], "\(after)")
    let beforeSongs = try #require(JSONSerialization.jsonObject(with: Data(before.stdout.utf8)) as? [[String: Any]])
    #expect(songs.count == beforeSongs.count + 1, "\(after)")
    let other = try #require(songs.first { ($0["path"] as? String)?.hasSuffix("/bad/other.mp3") == true }, "\(after)")
    #expect(other["title"] as? String != "Other", "nothing of the broken catalogue is applied: \(other)")
    #expect(other["artist"] as? String != "Somebody", "\(other)")
  }

  @Test func badQueryIsAnErrorNamingTheQuery() throws {
    let sandbox = try TunesSandbox()
    let folder = try sandbox.makeFolder("music")
    try copySampleSong(into: folder)
    _ = try sandbox.run(["index", folder.path])
    for arguments in [
      ["search", #"artist:"Zoë"#], ["ls", "songs", #"title:"unterminated"#], ["search", "🔥"], ["ls", "albums", "title:🔥"],
      ["ls", "artists", "sort:year"],
    ] {
      let result = try sandbox.run(arguments)
      #expect(result.status == 65, "\(arguments): \(result)")
      #expect(result.stderr.hasPrefix("tunes: "), "\(arguments): \(result)")
      #expect(result.stderr.lowercased().contains("query"), "\(arguments): \(result)")
      #expect(result.stdout.isEmpty, "\(arguments): \(result)")
    }
  }

  @Test func indexingAMissingPathIsAnError() throws {
    let sandbox = try TunesSandbox()
    let missing = sandbox.folder.appendingPathComponent("no-such-folder").path
    let result = try sandbox.run(["index", missing])
    #expect(result.status == 66, "\(result)")
    #expect(result.stderr.contains("no-such-folder"), "\(result)")
  }

  @Test func readingAMissingLibraryIsAnErrorAndCreatesNothing() throws {
    let sandbox = try TunesSandbox()
    let folder = sandbox.folder.appendingPathComponent("nodir")
    let missing = folder.appendingPathComponent("x.db").path
    let readers = [
      ["stats"], ["ls", "songs"], ["ls", "artists", "--json"], ["search", "blue"], ["info", "1"], ["playlist", "list"],
      ["playlist", "show", "P"], ["playlist", "export", "P", "--format", "m3u8"], ["lb", "queue"],
    ]
    for arguments in readers {
      let result = try sandbox.run(arguments + ["--db", missing], useDatabase: false)
      #expect(result.status == 66, "\(arguments): \(result)")
      #expect(
        result.stderr == "tunes: the library at \(missing) does not exist; run `tunes index` first\n", "\(arguments): \(result)")
      #expect(result.stdout.isEmpty, "\(arguments): \(result)")
      #expect(!FileManager.default.fileExists(atPath: folder.path), "\(arguments) created \(folder.path)")
    }
    // The default database is no different when it is missing.
    let fresh = try sandbox.run(["ls", "songs"], useDatabase: false)
    #expect(fresh.status == 66, "\(fresh)")
    #expect(!FileManager.default.fileExists(atPath: sandbox.folder.appendingPathComponent("data/tunes").path))
    // A command that builds the library still creates it, folders included.
    let created = try sandbox.run(["playlist", "create", "P", "--db", missing], useDatabase: false)
    #expect(created.status == 0, "\(created)")
    #expect(FileManager.default.fileExists(atPath: missing))
    #expect(try sandbox.run(["playlist", "list", "--db", missing], useDatabase: false).status == 0)
  }

  @Test func anEmptyTunesDBMeansTheDefaultDatabase() throws {
    let sandbox = try TunesSandbox()
    let folder = try sandbox.makeFolder("music")
    try copySampleSong(into: folder)
    let indexed = try sandbox.run(["index", folder.path], useDatabase: false, extraEnvironment: ["TUNES_DB": ""])
    #expect(indexed.status == 0, "\(indexed)")
    #expect(FileManager.default.fileExists(atPath: sandbox.folder.appendingPathComponent("data/tunes/library.db").path))
    let listed = try sandbox.run(["ls", "songs"], useDatabase: false, extraEnvironment: ["TUNES_DB": ""])
    #expect(listed.stdout.contains("Nocturne for Kettle"), "\(listed)")
  }

  @Test func databaseDefaultsToXDGDataHomeAndTunesDBOverridesIt() throws {
    let sandbox = try TunesSandbox()
    let folder = try sandbox.makeFolder("music")
    try copySampleSong(into: folder)
    let fm = FileManager.default

    let xdg = try sandbox.run(["index", folder.path], useDatabase: false)
    #expect(xdg.status == 0, "\(xdg)")
    let defaultDB = sandbox.folder.appendingPathComponent("data/tunes/library.db").path
    #expect(fm.fileExists(atPath: defaultDB), "no database at \(defaultDB)")

    let custom = sandbox.folder.appendingPathComponent("elsewhere/mine.db").path
    let env = try sandbox.run(["index", folder.path], useDatabase: false, extraEnvironment: ["TUNES_DB": custom])
    #expect(env.status == 0, "\(env)")
    #expect(fm.fileExists(atPath: custom), "TUNES_DB was not used")
    let listed = try sandbox.run(["ls", "songs", "--json"], useDatabase: false, extraEnvironment: ["TUNES_DB": custom])
    #expect(listed.stdout.contains("Nocturne for Kettle"), "\(listed)")
  }
}
