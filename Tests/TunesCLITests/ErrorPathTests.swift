// The command line's error paths end to end: a malformed catalogue (named with line and column, the
// database left unchanged), a bad query, a missing path; and where the database lives by default.
import Foundation
import Testing

/// Copies one sample song into `folder` (as `song.mp3`), so a folder has something real to index.
private func copySampleSong(into folder: URL, as name: String = "song.mp3") throws {
  let source = TunesExecutable.sampleLibrary.appendingPathComponent("Zoë Marlowe/Small Hours/01 Nocturne for Kettle.mp3")
  try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(name))
}

@Suite struct ErrorPathTests {
  @Test func malformedCatalogueNamesLineAndColumnAndChangesNothing() throws {
    let sandbox = try TunesSandbox()
    let good = try sandbox.makeFolder("good")
    try copySampleSong(into: good)
    let first = try sandbox.run(["index", good.path])
    #expect(first.status == 0, "\(first)")
    let before = try sandbox.run(["ls", "songs", "--json"])
    #expect(before.status == 0, "\(before)")

    // Line 4 lacks the comma between "title" and "songs"; the folder also holds a new song, which
    // must not be indexed either: none of a run with a malformed catalogue is applied.
    let bad = try sandbox.makeFolder("bad")
    try copySampleSong(into: bad, as: "other.mp3")
    let brokenLine = #"      { "title": "Kettle" "songs": [ { "title": "Other", "fileName": "other" } ] }"#
    let catalogue = ["[", "  { \"artistName\": \"Somebody\",", "    \"albums\": [", brokenLine, "    ]", "  }", "]", ""]
    try catalogue.joined(separator: "\n").write(
      to: bad.appendingPathComponent("library.json"), atomically: true, encoding: .utf8)

    let result = try sandbox.run(["index", bad.path])
    #expect(result.status == 65, "\(result)")
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
    #expect(after.stdout == before.stdout, "the database changed")
  }

  @Test func badQueryIsAnErrorNamingTheQuery() throws {
    let sandbox = try TunesSandbox()
    let folder = try sandbox.makeFolder("music")
    try copySampleSong(into: folder)
    _ = try sandbox.run(["index", folder.path])
    for arguments in [
      ["search", #"artist:"Zoë"#], ["ls", "songs", #"title:"unterminated"#], ["search", "🔥"], ["ls", "albums", "title:🔥"],
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
