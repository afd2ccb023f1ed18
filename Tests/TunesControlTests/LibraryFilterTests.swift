// The real backend's side of MPD filters: the library scan against decoding every song and filtering the
// MPD songs by the plain String reading, and song URIs cut from path bytes against the same cut by
// Characters. The random songs and clauses are TunesMPDTesting's MPDFilterSamples, on the tags the
// library keeps.
import Foundation
import Testing
import TunesMPDTesting

@testable import TunesControl
@testable import TunesLibrary
@testable import TunesMPD

@Suite struct LibraryFilterTests {
  /// The tags the library keeps: a filter on any other MPD tag type holds for every song or for none.
  static let keptTags: [MPDTag] = [.artist, .albumArtist, .title, .album, .track, .date, .genre, .disc]

  /// The URI of a path by Characters, as the protocol layer first defined it: the reference.
  static func uriByCharacters(_ path: String, root: String?) -> String {
    guard let root else { return path }
    if root == "/" { return String(path.dropFirst()) }
    return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
  }

  @Test func uriOfPathBytesEqualsUriOfPathString() {
    let paths = [
      "/music/a.mp3", "m/x.mp3", "/musical/b.mp3", "/music", "/music/", "/mu/sic.mp3", "/é/x.mp3", "/e\u{301}/x.mp3",
      "/music/é.mp3", "x.mp3", "",
    ]
    for root in ["/", "/music", "/mu", "/é", "/e\u{301}", "m", nil] as [String?] {
      let folder = MusicFolder(root: root)
      for path in paths {
        var bytes = Array(path.utf8)
        let uri = bytes.withUnsafeMutableBufferPointer { buffer -> String in
          switch folder.uri(forPath: UnsafeBufferPointer(buffer)) {
          case .string(let text): return text
          case .bytes(let cut): return String(decoding: cut, as: UTF8.self)
          }
        }
        let expected = Self.uriByCharacters(path, root: folder.root)
        #expect(uri == expected, "root \(root ?? "nil"), path \(path)")
        #expect(folder.uri(forPath: path) == expected, "root \(root ?? "nil"), path \(path)")
      }
    }
  }

  @Test func libraryScanEqualsFilteringEveryDecodedSong() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let library = try Library(path: folder + "/library.db", areas: everyDatabaseArea)
    var random = SplitMix(state: 11)
    try library.pool.write { db in
      for index in 0..<400 {
        let mpd = MPDFilterSamples.song(&random, tags: Self.keptTags)
        var song = Song(
          // A path has no NUL (SQLite would cut it there).
          path: "/music/"
            + mpd.file.replacingOccurrences(of: ".mp3", with: " \(index).mp3").replacingOccurrences(of: "\0", with: ""),
          title: mpd.tags[.title] ?? "",
          artist: mpd.tags[.artist] ?? "", album: mpd.tags[.album] ?? "", albumArtist: mpd.tags[.albumArtist] ?? "",
          trackNumber: random.next() % 3 == 0 ? nil : Int(random.next() % 20), discNumber: random.next() % 2 == 0 ? nil : 1,
          year: random.next() % 3 == 0 ? nil : 1990 + Int(random.next() % 30), genre: mpd.tags[.genre])
        try song.insert(db)
      }
    }
    let musicFolder = try MusicFolder.of(library)
    let everySong = try LibrarySongs.mpdSongs(LibrarySongs.all(library), library: library, folder: musicFolder)
    var nonEmpty = 0
    for _ in 0..<300 {
      let filter = MPDFilter([
        MPDFilterSamples.clause(&random, song: everySong.randomElement(using: &random)!, tags: Self.keptTags)
      ])
      let expected = everySong.filter { stringReading(filter, $0) }
      let found = try LibrarySongs.matching(filter, library: library, folder: musicFolder)
      #expect(found == expected, "\(filter)")
      if !expected.isEmpty && expected.count < everySong.count { nonEmpty += 1 }
    }
    #expect(nonEmpty > 50, "too few filters picked some songs: \(nonEmpty)")
  }
}
