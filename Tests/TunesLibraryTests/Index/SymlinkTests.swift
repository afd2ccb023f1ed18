// Symlinked folders and files are followed as MPD follows them: indexed under the path through the
// link, each folder walked once (no loops), a song reachable both ways kept under its real path.
import Foundation
import Testing

@testable import TunesLibrary

@Suite struct SymlinkTests {
  /// A folder beside the music folder, for links that lead out of it.
  func outside(_ temp: TempLibrary) throws -> String {
    let folder = temp.root + "/elsewhere"
    try FileManager.default.createDirectory(atPath: folder + "/Album", withIntermediateDirectories: true)
    return folder
  }

  func link(_ path: String, to destination: String) throws {
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: destination)
  }

  func paths(_ temp: TempLibrary) throws -> [String] {
    try temp.library.readSongs { try $0.songsInPathOrder().map(\.path) }
  }

  @Test func aSymlinkedFolderIsIndexedUnderThePathThroughTheLink() throws {
    let temp = try TempLibrary()
    try temp.write("real/a.mp3", ["title": "A"])
    let elsewhere = try outside(temp)
    try "title=B".write(toFile: elsewhere + "/Album/b.mp3", atomically: true, encoding: .utf8)
    try link(temp.music + "/linked", to: elsewhere + "/Album")
    let report = try temp.index()
    #expect(report.errors == [], "\(report)")
    #expect(try paths(temp) == [temp.music + "/linked/b.mp3", temp.music + "/real/a.mp3"])
    // A rescan finds the same files: nothing changes.
    let again = try temp.index()
    #expect(again.unchanged == 2 && !again.changedAnything, "\(again)")
  }

  @Test func aSymlinkedFileIsIndexedUnderItsLinkPath() throws {
    let temp = try TempLibrary()
    let elsewhere = try outside(temp)
    try "title=C".write(toFile: elsewhere + "/c.mp3", atomically: true, encoding: .utf8)
    try link(temp.music + "/c.mp3", to: elsewhere + "/c.mp3")
    _ = try temp.index()
    #expect(try paths(temp) == [temp.music + "/c.mp3"])
  }

  @Test func aLinkToAFolderAboveDoesNotLoop() throws {
    let temp = try TempLibrary()
    try temp.write("real/a.mp3", ["title": "A"])
    try link(temp.music + "/real/up", to: temp.music)
    try link(temp.music + "/real/self", to: ".")
    let report = try temp.index()
    #expect(report.errors == [], "\(report)")
    #expect(try paths(temp) == [temp.music + "/real/a.mp3"])
  }

  @Test func linksThatLeadBackToThemselvesAreReportedOnce() throws {
    let temp = try TempLibrary()
    try temp.write("real/a.mp3", ["title": "A"])
    // Two links to each other, and a link to itself: neither a file nor a folder is at their end.
    try link(temp.music + "/one.mp3", to: temp.music + "/two.mp3")
    try link(temp.music + "/two.mp3", to: temp.music + "/one.mp3")
    try link(temp.music + "/Self", to: "Self")
    let report = try temp.index()
    #expect(
      report.errors.sorted { $0.path < $1.path }
        == ["Self", "one.mp3", "two.mp3"].map {
          IndexProblem(path: temp.music + "/" + $0, reason: "symbolic link loop; skipped")
        })
    #expect(try paths(temp) == [temp.music + "/real/a.mp3"])
  }

  @Test func aSongReachableThroughALinkKeepsItsRealPath() throws {
    let temp = try TempLibrary()
    try temp.write("Zoe/Album/a.mp3", ["title": "A"])
    // "Favourites" sorts before "Zoe": the real folder still wins.
    try link(temp.music + "/Favourites", to: temp.music + "/Zoe/Album")
    _ = try temp.index()
    #expect(try paths(temp) == [temp.music + "/Zoe/Album/a.mp3"])
  }
}
