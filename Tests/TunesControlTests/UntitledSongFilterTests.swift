// A song without a Title tag, as the real backend shows it to MPD clients: the file name tunes lists it
// by is no title, so filters, `list title` and `count` read it as mpd does, a song with no Title at all;
// and `any` looks at tags only, never at the URI.
import Foundation
import Testing

@testable import TunesControl
@testable import TunesLibrary
@testable import TunesMPD

@Suite struct UntitledSongFilterTests {
  /// Two untitled songs (their title column the file name, marked derived as the indexer marks it) and
  /// one titled song.
  static func library(folder: String) throws -> Library {
    let library = try Library(path: folder + "/library.db", areas: everyDatabaseArea)
    try library.pool.write { db in
      for (path, title) in [
        ("/music/Road/xing one.mp3", "xing one"), ("/music/Road/xing two.mp3", "xing two"), ("/music/Road/b.mp3", "Bee"),
      ] {
        var song = Song(path: path, title: title, artist: "Ann", album: "Road")
        try song.insert(db)
      }
      try db.execute(sql: "UPDATE song SET derivedFields = 1 WHERE title LIKE 'xing%'")
    }
    return library
  }

  func files(_ arguments: [String], substring: Bool, _ library: Library) throws -> [String] {
    let folder = try MusicFolder.of(library)
    let filter = try MPDFilter.parse(arguments, substring: substring)
    return try LibrarySongs.matching(filter, library: library, folder: folder).map(\.file)
  }

  @Test func anUntitledSongHasNoTitleToFilterOrList() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let library = try Self.library(folder: folder)
    #expect(try files(["title", ""], substring: false, library) == ["xing one.mp3", "xing two.mp3"])
    #expect(try files(["(title == '')"], substring: false, library) == ["xing one.mp3", "xing two.mp3"])
    #expect(try files(["title", "xing"], substring: true, library).isEmpty)
    #expect(try files(["(title contains 'one')"], substring: false, library).isEmpty)
    #expect(try files(["title", "Bee"], substring: false, library) == ["b.mp3"])
    let musicFolder = try MusicFolder.of(library)
    #expect(try LibrarySongs.tagValues(.title, matching: MPDFilter(), library: library, folder: musicFolder) == ["", "Bee"])
    let shown = try LibrarySongs.mpdSongs(LibrarySongs.all(library), library: library, folder: musicFolder)
    #expect(shown.filter { $0.tags[.title] == nil }.map(\.file) == ["xing one.mp3", "xing two.mp3"])
  }

  @Test func theRowsNamesShowNoMadeUpTitle() {
    var song = Song(path: "/music/x.mp3", title: "x", artist: "Ann", album: "Road", albumArtist: "Ann")
    song.derivedNames = [.title, .albumArtist]
    let tags = LibrarySongs.mpdTags(song)
    #expect(tags[.title] == nil)
    #expect(tags[.albumArtist] == nil)
    #expect(tags[.artist] == "Ann")
  }

  @Test func anyDoesNotLookAtTheFileName() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let library = try Self.library(folder: folder)
    #expect(try files(["any", "xing"], substring: true, library).isEmpty)
    #expect(try files(["any", "road"], substring: true, library) == ["b.mp3", "xing one.mp3", "xing two.mp3"])
  }
}
