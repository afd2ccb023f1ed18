// The catalogue reader: the quirks real catalogues carry, and every way one can be malformed.
import Foundation
import Testing

@testable import TunesLibrary

@Suite struct CatalogueTests {
  func catalogue(_ text: String, files: [String] = []) throws -> (TempLibrary, String) {
    let temp = try TempLibrary()
    for file in files { try temp.writeText(file, "title=x") }
    let path = try temp.writeText("library.json", text)
    return (temp, path)
  }

  @Test func readsTrailingCommasCommentsAndNamesWithoutExtension() throws {
    let (temp, path) = try catalogue(
      """
      // written by hand
      [
        {
          "artistName": "Zoë Keating", /* the artist */
          "albums": [
            {
              "title": "Into the Trees",
              "image": "trees",
              "year": 2010,
              "songs": [
                { "title": "Optimist", "fileName": "optimist", "trackNumber": 1, },
                { "title": "Escape", "fileName": "sub/escape.mp3", "trackNumber": "2", "genre": "Cello",
                  "durationMs": 1234, "recordingMbid": "1b2c", "albumArtist": "Various", "discNumber": 2, "year": 2011, },
              ],
            },
          ],
        },
      ]
      """, files: ["optimist.mp3", "sub/escape.mp3", "trees.jpg"])
    let loaded = try Catalogue.load(path: path)
    #expect(loaded.problems == [])
    #expect(loaded.entries.count == 2)
    let first = loaded.entries[0]
    #expect(first.path == temp.music + "/optimist.mp3")
    #expect(first.title == "Optimist")
    #expect(first.artist == "Zoë Keating")
    #expect(first.album == "Into the Trees")
    #expect(first.albumArtist == "Zoë Keating")
    #expect(first.coverPath == temp.music + "/trees.jpg")
    #expect(first.trackNumber == 1)
    #expect(first.year == 2010)
    let second = loaded.entries[1]
    #expect(second.path == temp.music + "/sub/escape.mp3")
    #expect(second.trackNumber == 2)
    #expect(second.genre == "Cello")
    #expect(second.durationMs == 1234)
    #expect(second.recordingMbid == "1b2c")
    #expect(second.albumArtist == "Various")
    #expect(second.discNumber == 2)
    #expect(second.year == 2011)
    #expect(second.line == 12)
    #expect(second.column == 11)
  }

  @Test func refusesPathsEscapingTheFolderAndReportsMissingFiles() throws {
    let (temp, path) = try catalogue(
      """
      [{"artistName": "A", "albums": [{"title": "B", "songs": [
        {"title": "up", "fileName": "../outside"},
        {"title": "abs", "fileName": "/etc/passwd"},
        {"title": "sneaky", "fileName": "sub/../../outside"},
        {"title": "gone", "fileName": "missing"},
        {"title": "here", "fileName": "here"}
      ]}]}]
      """, files: ["here.mp3"])
    try "x".write(toFile: temp.root + "/outside.mp3", atomically: false, encoding: .utf8)
    let loaded = try Catalogue.load(path: path)
    #expect(loaded.entries.map(\.title) == ["here"])
    #expect(loaded.problems.count == 4)
    #expect(loaded.problems.filter { $0.reason.contains("outside the catalogue's folder") }.count == 3)
    #expect(loaded.problems.contains { $0.path == temp.music + "/missing.mp3" && $0.reason.contains("missing") })
  }

  @Test func theSecondCandidateIsTakenWhenTheLikelierFileIsMissing() throws {
    // "noext" names a file without extension (no noext.mp3); "odd.mp3" names odd.mp3.mp3;
    // "sub/./../here" is not a plain name and goes through the "." and ".." resolution.
    let (temp, path) = try catalogue(
      """
      [{"artistName": "A", "albums": [{"title": "B", "songs": [
        {"title": "no extension", "fileName": "noext"},
        {"title": "double", "fileName": "odd.mp3"},
        {"title": "dotted", "fileName": "sub/./../here"}
      ]}]}]
      """, files: ["noext", "odd.mp3.mp3", "here.mp3"])
    let loaded = try Catalogue.load(path: path)
    #expect(loaded.problems.isEmpty)
    #expect(loaded.entries.map(\.path) == [temp.music + "/noext", temp.music + "/odd.mp3.mp3", temp.music + "/here.mp3"])
    // The fingerprint follows the path actually found.
    for entry in loaded.entries { #expect(entry.fingerprint == entry.computeFingerprint()) }
  }

  @Test(arguments: [
    // (text, line, column, words the reason must contain)
    ("[{\"artistName\": \"A\" \"albums\": []}]", 1, 21, "expected ','"),
    ("[\n  {\"artistName\": \"A,\n \"albums\": []}]", 2, 18, "unterminated string"),
    ("[\n/* never closed\n]", 2, 1, "unterminated /* comment"),
    ("{\"artistName\": \"A\"}", 1, 1, "must be an array"),
    ("[{\"artistName\": \"A\", \"albums\": [{\"title\": \"B\", \"songs\": [{\"title\": \"t\"}]}]}]", 1, 58, "no \"fileName\""),
    (
      "[{\"artistName\": \"A\", \"albums\": [{\"title\": \"B\", \"songs\": [\n  {\"fileName\": \"f\", \"trackNumber\": \"three\"}]}]}]",
      2, 36, "whole number"
    ),
    // Numbers are kept in 32 bits: a bigger one is refused, not cut short.
    (
      "[{\"artistName\": \"A\", \"albums\": [{\"title\": \"B\", \"songs\": [\n  {\"fileName\": \"f\", \"durationMs\": 3000000000}]}]}]",
      2, 35, "out of range"
    ),
    ("[{\"artistName\": 3, \"albums\": []}]", 1, 17, "must be a string"),
    ("[{\"artistName\": \"A\"}]", 1, 2, "no \"albums\""),
    ("[{\"artistName\": \"A\", \"albums\": [{\"songs\": []}]}]", 1, 33, "no \"title\""),
    ("[] []", 1, 4, "after the end"),
    ("", 1, 1, "end of file"),
    ("[{\"artistName\": tru}]", 1, 17, "expected true"),
    ("[1, / 2]", 1, 5, "comments start with"),
    ("[{\"artistName\": \"A\", \"albums\": [}]", 1, 33, "expected a value"),
  ])
  func malformedCatalogueNamesLineAndColumn(text: String, line: Int, column: Int, words: String) throws {
    let (temp, path) = try catalogue(text)
    defer { withExtendedLifetime(temp) {} }
    do {
      _ = try Catalogue.load(path: path)
      Issue.record("no error for \(text)")
    } catch {
      guard case .malformedCatalogue(let errorPath, let errorLine, let errorColumn, let reason) = error else {
        Issue.record("wrong error \(error)")
        return
      }
      #expect(errorPath == path)
      #expect(errorLine == line)
      #expect(errorColumn == column)
      #expect(reason.contains(words), "\(reason)")
      #expect(error.description.hasPrefix("\(path):\(line):\(column):"))
    }
  }

  @Test func malformedCatalogueAppliesNothingAndTheRestIsIndexed() throws {
    let temp = try TempLibrary()
    try temp.write("good.mp3", ["title": "Good"])
    try temp.write("sub/named.mp3", ["title": "Named (tag)"])
    let catalogue = try temp.writeText("sub/library.json", "[{\"artistName\": \"A\",, }]")
    let report = try temp.index()
    #expect(report.errors.count == 1, "\(report)")
    let problem = try #require(report.errors.first)
    #expect(problem.path == catalogue && problem.line == 1 && problem.column == 21, "\(problem)")
    #expect(problem.place == catalogue + ":1:21")
    #expect(report.added.count == 2, "\(report)")
    #expect(try temp.count("SELECT count(*) FROM song WHERE source != 'scan'") == 0)
    #expect(try temp.library.song(path: temp.music + "/sub/named.mp3")?.title == "Named (tag)")
  }

  @Test func songsOfABrokenCatalogueKeepWhatItGaveThem() throws {
    let temp = try TempLibrary()
    let song = try temp.write("sub/named.mp3", ["title": "Named (tag)"])
    let catalogue =
      #"[{"artistName": "A", "albums": [{"title": "B", "songs": [{"title": "From catalogue", "fileName": "named"}]}]}]"#
    try temp.writeText("sub/library.json", catalogue)
    _ = try temp.index()
    #expect(try temp.library.song(path: song)?.title == "From catalogue")
    // Broken later, the catalogue no longer names the song, but the song does not fall back to its tags.
    try temp.writeText("sub/library.json", "[{\"artistName\": \"A\",, }]")
    let report = try temp.index()
    #expect(report.errors.count == 1 && report.updated.isEmpty && report.unchanged == 1, "\(report)")
    #expect(try temp.library.song(path: song)?.title == "From catalogue")
  }

  @Test func columnsCountCharactersNotBytes() throws {
    let (temp, path) = try catalogue("[\"é\" \"x\"]")
    defer { withExtendedLifetime(temp) {} }
    #expect(
      throws: LibraryError.malformedCatalogue(path: path, line: 1, column: 6, reason: "unexpected '\"', expected ',' or ']'")
    ) {
      try Catalogue.load(path: path)
    }
  }
}
