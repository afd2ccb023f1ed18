// Rescans of part of a library and runs that meet what they cannot index: a subfolder or one file under
// a catalogue keeps the catalogue's names, names that are not UTF-8 are reported, and two runs on one
// library take turns.
import Foundation
import GRDB
import Synchronization
import Testing

@testable import TunesLibrary

@Suite struct PartialRescanTests {
  /// A catalogue at the top naming songs two folders down, as a library.json beside the artist folders does.
  private func libraryWithCatalogue() throws -> (TempLibrary, kettle: String, other: String) {
    let temp = try TempLibrary()
    let kettle = try temp.write("Zoe/Small Hours/01 kettle.mp3", ["title": "kettle (tag)", "artist": "Zoe (tag)"])
    let other = try temp.write("Zoe/Small Hours/02 other.mp3", ["title": "Other (tag)", "artist": "Zoe (tag)"])
    try temp.write("Ansel/Field Notes/01 static.mp3", ["title": "Static (tag)", "artist": "Ansel"])
    try temp.writeText(
      "library.json",
      """
      [{"artistName": "Zoë", "albums": [{"title": "Small Hours", "songs": [
        {"title": "Nocturne for Kettle", "fileName": "Zoe/Small Hours/01 kettle"},
        {"title": "Missing one", "fileName": "Zoe/Small Hours/09 missing"},
      ]}]}]
      """)
    #expect(try temp.index().added.count == 3)
    return (temp, kettle, other)
  }

  @Test func rescanningASubfolderKeepsTheCatalogueAboveIt() throws {
    let (temp, kettle, _) = try libraryWithCatalogue()
    temp.reads.reset()
    let report = try temp.index([temp.music + "/Zoe/Small Hours"])
    #expect(report.updated == [] && report.unchanged == 2, "\(report)")
    #expect(temp.reads.all.isEmpty)
    #expect(try temp.library.song(path: kettle)?.title == "Nocturne for Kettle")
    #expect(try temp.library.song(path: kettle)?.artist == "Zoë")
    // The catalogue's missing entry lies in the rescanned folder, so it is reported as a full run does.
    #expect(report.errors.map(\.path) == [temp.music + "/Zoe/Small Hours/09 missing.mp3"])

    // A file of the subfolder that changed is read again, and the catalogue still names it.
    try temp.write("Zoe/Small Hours/01 kettle.mp3", ["title": "kettle, remastered (tag)", "artist": "Zoe (tag)", "year": "2020"])
    let changed = try temp.index([temp.music + "/Zoe"])
    #expect(changed.updated == [kettle])
    #expect(try temp.library.song(path: kettle)?.title == "Nocturne for Kettle")
    #expect(try temp.library.song(path: kettle)?.year == 2020)
  }

  @Test func rescanningOneFileKeepsTheCatalogueAboveIt() throws {
    let (temp, kettle, other) = try libraryWithCatalogue()
    let report = try temp.index([kettle])
    #expect(report.updated == [] && report.unchanged == 1 && report.errors == [], "\(report)")
    #expect(try temp.library.song(path: kettle)?.title == "Nocturne for Kettle")
    // The catalogue is applied to the given file alone: its other entries are not indexed or reported.
    #expect(try temp.index([other]).errors == [])
    #expect(try temp.library.song(path: other)?.title == "Other (tag)")
  }

  @Test func aStrayLibraryJSONAboveIsReportedNotFatal() throws {
    let (temp, kettle, _) = try libraryWithCatalogue()
    try temp.writeText("Zoe/library.json", "{ not a catalogue")
    // Inside the walked folder a malformed catalogue is an error of the run, with its line and column,
    // and its songs keep what it gave them.
    let whole = try temp.index()
    #expect(whole.errors.contains { $0.path == temp.music + "/Zoe/library.json" && $0.line == 1 }, "\(whole)")
    #expect(try temp.library.song(path: kettle)?.title == "Nocturne for Kettle")
    let report = try temp.index([temp.music + "/Zoe/Small Hours"])
    #expect(report.errors.contains { $0.path == temp.music + "/Zoe/library.json" && $0.reason.hasPrefix("not applied") })
    #expect(try temp.library.song(path: kettle)?.title == "Nocturne for Kettle")
  }

  @Test func namesThatAreNotUTF8AreReportedWithTheirBytes() throws {
    let temp = try TempLibrary()
    try temp.write("ok.mp3", ["title": "Fine"])
    let badFile = Array(temp.music.utf8) + Array("/caf".utf8) + [0xE9] + Array(".mp3".utf8)
    let badFolder = Array(temp.music.utf8) + Array("/Bj".utf8) + [0xF6] + Array("rk".utf8)
    try Self.createFile(badFile)
    #expect(Self.call(badFolder) { mkdir($0, 0o755) } == 0)
    try Self.createFile(badFolder + Array("/inside.mp3".utf8))
    try Self.createFile(Array(temp.music.utf8) + Array("/notes".utf8) + [0xFF] + Array(".txt".utf8))

    let report = try temp.index()
    #expect(report.added == [temp.music + "/ok.mp3"])
    #expect(
      report.errors.sorted { $0.path < $1.path } == [
        IndexProblem(path: temp.music + "/Bj\\xF6rk", reason: "folder name is not UTF-8; rename it to index what it holds"),
        IndexProblem(path: temp.music + "/caf\\xE9.mp3", reason: "file name is not UTF-8; rename it to index it"),
      ])
  }

  @Test func invalidBytesAreEscapedAndValidTextKept() {
    #expect(PathText.escapingInvalidUTF8(Array("é/ok".utf8)) == "é/ok")
    #expect(PathText.escapingInvalidUTF8([0x61, 0xC3, 0x62, 0x0A, 0xFF]) == "a\\xC3b\n\\xFF")
    #expect(PathText.escapingInvalidUTF8([0xE2, 0x82]) == "\\xE2\\x82")
  }

  @Test func aSecondRunWaitsForTheFirst() async throws {
    let temp = try TempLibrary()
    try temp.write("one.mp3", ["title": "One"])
    let waited = Mutex(false)
    var options = temp.options()
    options.waitingForOtherRun = { waited.withLock { $0 = true } }
    let held = IndexLock(database: temp.library.path) {}
    let run = Task.detached { [options, library = temp.library, music = temp.music] in
      try library.index(paths: [music], options: options)
    }
    // The run stands at the lock: it said so and wrote nothing.
    #expect(await eventually(60) { waited.withLock { $0 } })
    try await Task.sleep(for: .milliseconds(100))
    #expect(try temp.count("SELECT count(*) FROM song") == 0)
    _ = consume held  // releases the lock
    #expect(try await run.value.added.count == 1)
  }

  private static func call(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> Int32) -> Int32 {
    (bytes + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
  }

  /// Writes a fixture song (see `fakeReader`) at a path given as raw bytes.
  private static func createFile(_ path: [UInt8]) throws {
    let descriptor = call(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let text = Array("title=Unreachable".utf8)
    #expect(write(descriptor, text, text.count) == text.count)
  }
}

@Suite struct CatalogueAmbiguityTests {
  @Test func aFileListedTwiceIsReportedAndTheFirstEntryKept() throws {
    let temp = try TempLibrary()
    let song = try temp.write("Band/b.mp3", ["title": "tag"])
    try temp.writeText(
      "library.json",
      """
      [{"artistName": "Band", "albums": [{"title": "A", "songs": [{"title": "Top", "fileName": "Band/b"}]}]}]
      """)
    try temp.writeText(
      "Band/library.json",
      """
      [{"artistName": "Band", "albums": [{"title": "A", "songs": [{"title": "Nested", "fileName": "b.mp3"}]}]}]
      """)
    let report = try temp.index()
    #expect(report.errors == [IndexProblem(path: song, reason: "listed again in library.json:1:61; that entry is ignored")])
    #expect(try temp.library.song(path: song)?.title == "Top")
    // The rescan says it again (the entry is still there) and changes nothing.
    let again = try temp.index()
    #expect(again.errors.count == 1 && !again.changedAnything)
  }

  @Test func aNameWithoutExtensionFindsAFileInCapitals() throws {
    let temp = try TempLibrary()
    let song = try temp.write("LOUD.MP3", ["title": "tag"])
    try temp.writeText(
      "library.json",
      """
      [{"artistName": "A", "albums": [{"title": "B", "songs": [{"title": "Quiet", "fileName": "LOUD"}]}]}]
      """)
    let report = try temp.index()
    #expect(report.errors == [])
    #expect(try temp.library.song(path: song)?.title == "Quiet")
  }

  @Test func aFolderGivenWithItsParentIsWalkedOnce() throws {
    let temp = try TempLibrary()
    try temp.write("a/one.mp3", ["title": "One"])
    try temp.writeText(
      "library.json",
      """
      [{"artistName": "A", "albums": [{"title": "B", "songs": [{"title": "Gone", "fileName": "a/gone"}]}]}]
      """)
    let report = try temp.index([temp.music, temp.music + "/a", temp.music])
    #expect(report.added == [temp.music + "/a/one.mp3"])
    #expect(report.errors.map(\.path) == [temp.music + "/a/gone.mp3"])
  }

  @Test func aFileThatIsNothingTunesIndexesIsRefused() throws {
    let temp = try TempLibrary()
    let script = try temp.writeText("tool.py", "print(1)")
    #expect(throws: LibraryError.notIndexable(script)) { try temp.index([script]) }
    #expect(LibraryError.notIndexable(script).description == "\(script): not an MP3 file, a .json catalogue or a playlist file")
  }

  @Test func anEntryOutsideItsFolderNamesTheCatalogueOnce() throws {
    let temp = try TempLibrary()
    let catalogue = try temp.writeText(
      "library.json",
      """
      [{"artistName": "A", "albums": [{"title": "B", "songs": [{"title": "Out", "fileName": "../x"}]}]}]
      """)
    let report = try temp.index()
    #expect(
      report.errors == [
        IndexProblem(path: catalogue, reason: "line 1, column 58: \"../x\" is outside the catalogue's folder; entry skipped")
      ])
  }
}
