// A rescan leaves a library.json unread when it and its folders are as the index noted them and nothing
// under it needs writing; any change to the catalogue, to the names its folders hold, or to a song under
// it makes the run read it again, with the same result as a run that always reads it.
import Foundation
import GRDB
import Synchronization
import Testing

@testable import TunesLibrary

@Suite struct CatalogueStateTests {
  /// The catalogues runs read.
  private final class Heard: Sendable {
    private let paths = Mutex<[String]>([])
    func add(_ path: String) { paths.withLock { $0.append(path) } }
    func take() -> [String] {
      paths.withLock { paths in
        defer { paths = [] }; return paths
      }
    }
  }

  /// Runs over one library, whose stamps older than 50 ms count as settled.
  private struct Runs {
    let temp: TempLibrary
    let heard = Heard()
    init(_ temp: TempLibrary) { self.temp = temp }

    func index() throws -> (report: IndexReport, cataloguesRead: [String]) {
      var options = temp.options()
      options.settleSeconds = 0.05
      options.readingCatalogue = { [heard] path in heard.add(path) }
      let report = try temp.library.index(paths: [temp.music], options: options)
      return (report, heard.take())
    }

    /// The album image of the catalogue's album.
    func cover() throws -> String? {
      try temp.library.pool.read { db in try String.fetchOne(db, sql: "SELECT coverPath FROM album WHERE title = 'Meteora'") }
    }
  }

  private static let catalogue = """
    [{"artistName": "Linkin Park", "albums": [{"title": "Meteora", "image": "front", "songs": [
      {"title": "Numb", "fileName": "numb", "trackNumber": 13},
      {"title": "Faint", "fileName": "Meteora/faint.mp3"}
    ]}]}]
    """

  /// A library with a catalogue naming two of its three files, indexed once and left to settle.
  private func library() throws -> (Runs, numb: String, faint: String, catalogue: String) {
    let temp = try TempLibrary()
    let numb = try temp.write("numb.mp3", ["title": "numb (tag)", "artist": "LP (tag)", "hash": "n"])
    let faint = try temp.write("Meteora/faint.mp3", ["title": "faint (tag)", "hash": "f"])
    try temp.write("Other/unlisted.mp3", ["title": "Unlisted", "hash": "u"])
    let catalogue = try temp.writeText("library.json", Self.catalogue)
    Thread.sleep(forTimeInterval: 0.1)
    let runs = Runs(temp)
    let first = try runs.index()
    #expect(first.report.added.count == 3 && first.report.errors == [], "\(first.report)")
    #expect(first.cataloguesRead == [catalogue])
    return (runs, numb, faint, catalogue)
  }

  @Test func anUnchangedCatalogueIsNotReadAgainAndItsNamesStay() throws {
    let (runs, numb, faint, _) = try library()
    runs.temp.reads.reset()
    let again = try runs.index()
    #expect(again.cataloguesRead == [])
    #expect(again.report.unchanged == 3 && !again.report.changedAnything && again.report.errors == [], "\(again.report)")
    #expect(runs.temp.reads.all.isEmpty)
    #expect(try runs.temp.library.song(path: numb)?.title == "Numb")
    #expect(try runs.temp.library.song(path: numb)?.trackNumber == 13)
    #expect(try runs.temp.library.song(path: faint)?.title == "Faint")
    #expect(try runs.index().cataloguesRead == [])
  }

  @Test func anEditedCatalogueIsReadAndApplied() throws {
    let (runs, numb, _, catalogue) = try library()
    #expect(try runs.index().cataloguesRead == [])
    // The same number of bytes: only the times and the content say it changed.
    try runs.temp.writeText("library.json", Self.catalogue.replacingOccurrences(of: "\"Numb\"", with: "\"Numo\""))
    Thread.sleep(forTimeInterval: 0.1)
    let edited = try runs.index()
    #expect(edited.cataloguesRead == [catalogue])
    #expect(edited.report.updated == [numb])
    #expect(try runs.temp.library.song(path: numb)?.title == "Numo")
    // Noted again: the next run leaves it unread.
    #expect(try runs.index().cataloguesRead == [])
  }

  @Test func aChangedSongUnderTheCatalogueIsWrittenWithItsEntry() throws {
    let (runs, numb, _, catalogue) = try library()
    try runs.temp.write("numb.mp3", ["title": "numb, remastered (tag)", "artist": "LP (tag)", "year": "2004", "hash": "n"])
    let changed = try runs.index()
    #expect(changed.cataloguesRead == [catalogue])
    #expect(changed.report.updated == [numb])
    #expect(try runs.temp.library.song(path: numb)?.title == "Numb")
    #expect(try runs.temp.library.song(path: numb)?.year == 2004)
  }

  @Test func anAlbumImageThatAppearsIsTakenUp() throws {
    let (runs, _, _, catalogue) = try library()
    #expect(try runs.cover() == nil)
    let image = try runs.temp.writeText("front.jpg", "not really a picture")
    Thread.sleep(forTimeInterval: 0.1)
    let withImage = try runs.index()
    #expect(withImage.cataloguesRead == [catalogue])
    #expect(try runs.cover() == image)
    #expect(try runs.index().cataloguesRead == [])
    // One that goes has the catalogue read again too (its entries no longer name it).
    try FileManager.default.removeItem(atPath: image)
    Thread.sleep(forTimeInterval: 0.1)
    #expect(try runs.index().cataloguesRead == [catalogue])
  }

  @Test func aNewFileOrAGoneFileUnderTheCatalogueHasItRead() throws {
    let (runs, _, faint, catalogue) = try library()
    try runs.temp.write("Other/new.mp3", ["title": "New", "hash": "x"])
    Thread.sleep(forTimeInterval: 0.1)
    let added = try runs.index()
    #expect(added.cataloguesRead == [catalogue] && added.report.added.count == 1)
    #expect(try runs.index().cataloguesRead == [])
    try FileManager.default.removeItem(atPath: faint)
    Thread.sleep(forTimeInterval: 0.1)
    let gone = try runs.index()
    #expect(gone.cataloguesRead == [catalogue])
    #expect(gone.report.missing == [faint])
    #expect(gone.report.errors.map(\.path) == [faint], "the catalogue's entry names a missing file")
  }

  @Test func aCatalogueWithAProblemIsReadEveryTimeAndItsProblemSaid() throws {
    let temp = try TempLibrary()
    try temp.write("numb.mp3", ["title": "numb (tag)"])
    try temp.writeText(
      "library.json",
      """
      [{"artistName": "A", "albums": [{"title": "B", "songs": [
        {"title": "Numb", "fileName": "numb"}, {"title": "Gone", "fileName": "gone"}]}]}]
      """)
    Thread.sleep(forTimeInterval: 0.1)
    let runs = Runs(temp)
    for _ in 0..<2 {
      let run = try runs.index()
      #expect(run.cataloguesRead == [temp.music + "/library.json"])
      #expect(run.report.errors.map(\.path) == [temp.music + "/gone.mp3"])
    }
  }

  @Test func aCatalogueJustWrittenIsReadAgainUntilItsTimesSettle() throws {
    let temp = try TempLibrary()
    try temp.write("numb.mp3", ["title": "numb (tag)"])
    let catalogue = try temp.writeText(
      "library.json", #"[{"artistName": "A", "albums": [{"title": "B", "songs": [{"title": "Numb", "fileName": "numb"}]}]}]"#)
    let heard = Heard()
    for _ in 0..<2 {
      var options = temp.options()
      options.settleSeconds = 60
      options.readingCatalogue = { [heard] path in heard.add(path) }
      _ = try temp.library.index(paths: [temp.music], options: options)
    }
    #expect(heard.take() == [catalogue, catalogue])
    #expect(try temp.count("SELECT count(*) FROM catalogueState") == 0)
  }

  @Test func aRescanOfOneFolderAppliesTheCatalogueAboveAndKeepsItsNote() throws {
    let (runs, _, faint, _) = try library()
    var options = runs.temp.options()
    options.settleSeconds = 0.05
    let part = try runs.temp.library.index(paths: [runs.temp.music + "/Meteora"], options: options)
    #expect(part.unchanged == 1 && !part.changedAnything && part.errors == [], "\(part)")
    #expect(try runs.temp.library.song(path: faint)?.title == "Faint")
    #expect(try runs.index().cataloguesRead == [])
  }

  @Test func aCatalogueNamingAFileTheWalkSkipsIsReadEveryTime() throws {
    let temp = try TempLibrary()
    let hidden = try temp.write(".hidden.mp3", ["title": "hidden (tag)"])
    let catalogue = try temp.writeText(
      "library.json",
      #"[{"artistName": "A", "albums": [{"title": "B", "songs": [{"title": "Hidden", "fileName": ".hidden.mp3"}]}]}]"#)
    Thread.sleep(forTimeInterval: 0.1)
    let runs = Runs(temp)
    for _ in 0..<2 {
      let run = try runs.index()
      #expect(run.cataloguesRead == [catalogue])
      #expect(try temp.library.song(path: hidden)?.title == "Hidden")
    }
    #expect(try temp.count("SELECT count(*) FROM catalogueState") == 0)
  }
}
