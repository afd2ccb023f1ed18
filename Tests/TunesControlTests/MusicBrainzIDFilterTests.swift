// MPD filters on MusicBrainz ids over the real backend: the library stores each id canonical, and a
// client may send the file's own spelling (what mpd finds) or the canonical one; both find the song.
import Foundation
import Testing

@testable import TunesControl
@testable import TunesLibrary
@testable import TunesMPD

@Suite struct MusicBrainzIDFilterTests {
  @Test func anIDIsFoundInTheFilesSpellingAndTheCanonicalOne() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let library = try Library(path: folder + "/library.db", areas: everyDatabaseArea)
    try library.pool.write { db in
      var tagged = Song(
        path: "/music/a.mp3", title: "A", artist: "Ann", album: "R", recordingMbid: "8f3471b5-7e6a-48da-86a9-c1c07a0f47ae")
      try tagged.insert(db)
      var other = Song(path: "/music/b.mp3", title: "B", artist: "Ann", album: "R")
      try other.insert(db)
    }
    let musicFolder = try MusicFolder.of(library)
    func files(_ arguments: [String], substring: Bool) throws -> [String] {
      let filter = try MPDFilter.parse(arguments, substring: substring)
      return try LibrarySongs.matching(filter, library: library, folder: musicFolder).map(\.file)
    }
    for id in [
      "8f3471b5-7e6a-48da-86a9-c1c07a0f47ae", "{8F3471B5-7E6A-48DA-86A9-C1C07A0F47AE}", "8F3471B57E6A48DA86A9C1C07A0F47AE",
    ] {
      #expect(try files(["musicbrainz_trackid", id], substring: false) == ["a.mp3"], "\(id)")
      #expect(try files(["(MUSICBRAINZ_TRACKID == '\(id)')"], substring: false) == ["a.mp3"], "\(id)")
      #expect(try files(["(MUSICBRAINZ_TRACKID != '\(id)')"], substring: false) == ["b.mp3"], "\(id)")
      let listed = try LibrarySongs.tagValues(
        .title, matching: MPDFilter.parse(["musicbrainz_trackid", id], substring: false), library: library,
        folder: musicFolder)
      #expect(listed == ["A"], "\(id)")
    }
  }
}
