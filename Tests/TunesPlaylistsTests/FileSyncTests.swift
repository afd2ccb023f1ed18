// The lasting rule for playlist files found while indexing: imported once, kept in step on rescan,
// never overwriting a playlist edited in tunes (the newer file is imported beside it).
import Foundation
import GRDB
import Testing

@testable import TunesLibrary
@testable import TunesPlaylists

@Suite struct FileSyncTests {
  func setMtime(_ path: String, _ seconds: Double) throws {
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: path)
  }

  @Test func newFilesBecomePlaylistsAndUnchangedOnesAreSkipped() async throws {
    let f = try Fixture()
    let path = try f.write("music/Road Trip.m3u8", "#EXTM3U\n\(f.song("hey").path)\n/gone.mp3\n")
    try setMtime(path, 1_000)
    let notes = try f.write("music/notes.txt", "not a playlist")
    let first = PlaylistFileSync.sync(library: f.library, foundFiles: [path, notes])
    #expect(first.imported == ["Road Trip"])
    #expect(first.unmatched == ["Road Trip": 1])
    let contents = try await f.store.show(name: "Road Trip")
    #expect(contents.summary.sourcePath == path)
    #expect(contents.entries.map(\.songID) == [f.song("hey").id, nil])
    let second = PlaylistFileSync.sync(library: f.library, foundFiles: [path])
    #expect(second.unchanged == 1)
    #expect(second.imported.isEmpty && second.updated.isEmpty)
  }

  @Test func aChangedFileUpdatesItsPlaylist() async throws {
    let f = try Fixture()
    let path = try f.write("music/list.m3u", "\(f.song("hey").path)\n")
    try setMtime(path, 1_000)
    _ = PlaylistFileSync.sync(library: f.library, foundFiles: [path])
    try Data("\(f.song("hurt").path)\n\(f.song("come").path)\n".utf8).write(to: URL(fileURLWithPath: path))
    try setMtime(path, 2_000)
    let report = PlaylistFileSync.sync(library: f.library, foundFiles: [path])
    #expect(report.updated == ["list"])
    #expect(try await f.titles("list") == ["Hurt", "Come Together"])
    #expect(try f.playlistCount() == 1)
  }

  @Test func anEditedPlaylistIsNotOverwritten() async throws {
    let f = try Fixture()
    let path = try f.write(
      "music/list.xspf", XSPF.write(PlaylistDocument(entries: [PlaylistFileEntry(location: f.song("hey").path)]), relativeTo: nil)
    )
    try setMtime(path, 1_000)
    _ = PlaylistFileSync.sync(library: f.library, foundFiles: [path], now: Date(timeIntervalSince1970: 5_000))
    // Edited in tunes (the store's clock is later than the sync).
    try await f.store.add(name: "list", songs: [f.song("sun")])
    try Data(XSPF.write(PlaylistDocument(entries: [PlaylistFileEntry(location: f.song("hurt").path)]), relativeTo: nil).utf8)
      .write(to: URL(fileURLWithPath: path))
    try setMtime(path, 2_000)
    let report = PlaylistFileSync.sync(library: f.library, foundFiles: [path])
    #expect(report.importedBeside == [.init(edited: "list", copy: "list (from file)")])
    #expect(report.lines.contains { $0.contains("imported beside it as 'list (from file)'") })
    #expect(try await f.titles("list") == ["Here Comes the Sun", "Sun Will Set"])
    #expect(try await f.titles("list (from file)") == ["Hurt"])
    // The copy follows the file from now on; the edited one is the user's own.
    #expect(try await f.store.show(name: "list").summary.sourcePath == nil)
    #expect(try await f.store.show(name: "list (from file)").summary.sourcePath == path)
  }

  @Test func aTouchedFileWithTheSameBytesIsNotImportedAgain() async throws {
    let f = try Fixture()
    let path = try f.write("music/list.m3u8", "\(f.song("hey").path)\n")
    try setMtime(path, 1_000)
    _ = PlaylistFileSync.sync(library: f.library, foundFiles: [path], now: Date(timeIntervalSince1970: 5_000))
    try await f.store.add(name: "list", songs: [f.song("sun")])
    try setMtime(path, 2_000)
    let report = PlaylistFileSync.sync(library: f.library, foundFiles: [path])
    #expect(report.unchanged == 1 && report.importedBeside.isEmpty && report.updated.isEmpty)
    #expect(try f.playlistCount() == 1)
    #expect(try await f.titles("list") == ["Here Comes the Sun", "Sun Will Set"])
  }

  @Test func aRenameIsNotAnEdit() async throws {
    let f = try Fixture()
    let path = try f.write("music/list.m3u8", "\(f.song("hey").path)\n")
    try setMtime(path, 1_000)
    _ = PlaylistFileSync.sync(library: f.library, foundFiles: [path], now: Date(timeIntervalSince1970: 5_000))
    try await f.store.rename("list", to: "Renamed")
    try Data("\(f.song("hurt").path)\n".utf8).write(to: URL(fileURLWithPath: path))
    try setMtime(path, 2_000)
    let report = PlaylistFileSync.sync(library: f.library, foundFiles: [path])
    #expect(report.updated == ["Renamed"])
    #expect(try await f.titles("Renamed") == ["Hurt"])
  }

  @Test func aNameTakenByAnotherPlaylistGetsASuffix() async throws {
    let f = try Fixture()
    try await f.store.create(name: "mine")
    let path = try f.write("music/mine.m3u8", "\(f.song("hey").path)\n")
    let report = PlaylistFileSync.sync(library: f.library, foundFiles: [path])
    #expect(report.imported == ["mine (from file)"])
    #expect(try await f.titles("mine").isEmpty)
  }

  @Test func aBrokenFileIsReportedAndChangesNothing() async throws {
    let f = try Fixture()
    let bad = try f.write("music/bad.jspf", #"{"playlist": {"track": [{"title": 3}]}}"#)
    let good = try f.write("music/good.m3u8", "\(f.song("hey").path)\n")
    let report = PlaylistFileSync.sync(library: f.library, foundFiles: [bad, good])
    #expect(report.failures == [IndexProblem(path: bad, reason: "$.playlist.track[0].title: expected a string")])
    #expect(report.imported == ["good"])
    #expect(try await f.store.list().map(\.name) == ["good"])
  }

  @Test func missingEntriesComeBackWhenTheFileReappears() async throws {
    let f = try Fixture()
    let path = try f.write("music/list.m3u8", "\(f.song("hurt").path)\n")
    _ = try await f.library.pool.write { db in try Song.deleteOne(db, key: f.song("hurt").id) }
    _ = PlaylistFileSync.sync(library: f.library, foundFiles: [path])
    #expect(try await f.store.show(name: "list").entries.first?.isMissing == true)
    // The file is indexed again at the same path (a new song row).
    var again = f.song("hurt")
    again.id = nil
    try await f.library.pool.write { [again] db in
      var song = again; try song.insert(db)
    }
    let report = PlaylistFileSync.sync(library: f.library, foundFiles: [path])
    #expect(report.relinked == 1)
    #expect(try await f.store.show(name: "list").entries.first?.isMissing == false)
  }

  @Test func theIndexFindsPlaylistFilesUnderFoldersAndAmongItsPaths() throws {
    let f = try Fixture()
    let a = try f.write("tree/a.m3u8", "")
    let b = try f.write("tree/sub/B.XSPF", "")
    _ = try f.write("tree/.hidden/c.jspf", "")
    _ = try f.write("tree/sub/notes.txt", "")
    let single = try f.write("single.jspf", "")
    let report = try f.library.index(paths: [f.folder + "/tree", single])
    #expect(report.playlistFiles == [single, a, b].sorted())
    #expect(report.errors.isEmpty)
  }
}
