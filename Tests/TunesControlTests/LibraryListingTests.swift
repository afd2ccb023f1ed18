// The real backend's one-pass `listall` and `list TAG` against the folder-by-folder walk and the
// filtered songs they replace, on a library of nested folders whose names sort around "/".
import Foundation
import Testing
import TunesMPD
import TunesPlayer

@testable import TunesControl
@testable import TunesLibrary

@Suite struct LibraryListingTests {
  /// Songs under /m in folders such as "a b", "a.b", "a" and "a0" (space and dot sort before "/", "0" after),
  /// nested up to three deep, with songs beside sub-folders.
  static func backend() throws -> (PlayerBackend, Library, String) {
    let folder = temporaryFolder()
    let library = try Library(path: folder + "/library.db", areas: everyDatabaseArea)
    var random = SplitMix(state: 5)
    let names = ["a", "a b", "a.b", "a0", "Zé", "é", "b", "\u{301}x"]
    let artists = ["Air", "air", "Björk", "Café Tacvba", "", "夜の月"]
    try library.pool.write { db in
      for index in 0..<300 {
        let depth = random.below(4)
        let folders = (0..<depth).map { _ in names[random.below(names.count)] }
        var song = Song(
          path: "/m/" + (folders + ["\(index) \(names[random.below(names.count)]).mp3"]).joined(separator: "/"),
          title: "t\(index % 37)", artist: artists[random.below(artists.count)], album: names[random.below(names.count)],
          trackNumber: random.below(3) == 0 ? nil : random.below(12), year: random.below(3) == 0 ? nil : 1990 + random.below(5),
          genre: random.below(2) == 0 ? nil : ["Rock", "rock", "Jazz"][random.below(3)])
        try song.insert(db)
      }
    }
    let player = Player(sink: ClockSink(), decoders: SilentDecoders(seconds: 1), library: library, persist: false, seed: 1)
    return (PlayerBackend(player: player, library: library), library, folder)
  }

  @Test func listAllEqualsTheWalkFolderByFolder() async throws {
    let (backend, _, folder) = try Self.backend()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var folders = 0
    for uri in ["", "a", "a b", "a/a", "a.b/a0", "é", "/m/a", "a/\u{301}x"] {
      let walked = try? await backend.listRecursively(uri)
      let listed = try? await backend.listAll(uri, details: true)
      #expect(listed == walked, "listallinfo \(uri)")
      // `listall`: the same entries, songs by their URI and the tags that order them (album, disc, track).
      let uris = walked?.map { entry -> MPDEntry in
        guard case .song(let song) = entry else { return entry }
        var tags = MPDTags()
        for tag in [MPDTag.album, .disc, .track] { tags[tag] = song.tags[tag] }
        return .song(MPDSong(file: song.file, tags: tags))
      }
      let listedURIs = try? await backend.listAll(uri, details: false)
      #expect(listedURIs == uris, "listall \(uri)")
      folders += walked?.filter { if case .directory = $0 { true } else { false } }.count ?? 0
    }
    #expect(folders > 20, "too few folders to compare: \(folders)")
    await #expect(throws: MPDError.noExist("No such directory")) { try await backend.listAll("no/such", details: false) }
  }

  /// `lsinfo`: the sub-folders in the order their first paths come, then the songs directly in the folder,
  /// worked out here from every song of the library.
  @Test func directoryHoldsTheFirstComponentsOfThePathsUnderIt() async throws {
    let (backend, library, folder) = try Self.backend()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let music = try MusicFolder.of(library)
    let every = try LibrarySongs.all(library)
    #expect(music.root == "/m")
    var listed = 0
    for uri in ["", "a", "a b", "a/a", "é", "a/\u{301}x"] {
      let path = music.path(forURI: uri)!
      let prefix = Array((path == "/" ? "/" : path + "/").utf8)
      var folders: [MPDEntry] = []
      var songs: [MPDEntry] = []
      for song in every where Array(song.path.utf8).starts(with: prefix) {
        let rest = Array(song.path.utf8).dropFirst(prefix.count)
        if let slash = rest.firstIndex(of: UInt8(ascii: "/")) {
          let entry = MPDEntry.directory(
            path: music.uri(forPath: String(decoding: prefix + rest[..<slash], as: UTF8.self)), lastModified: nil)
          if !folders.contains(entry) { folders.append(entry) }
        } else {
          songs.append(.song(try LibrarySongs.mpdSongs([song], library: library, folder: music)[0]))
        }
      }
      let expected = folders + songs
      #expect(try await backend.directory(uri) == expected, "lsinfo \(uri)")
      listed += expected.count
    }
    #expect(listed > 100)
  }

  /// A path stored as bytes that are not UTF-8 reads back repaired; skipping through the path index must
  /// still come to an end (the index never writes one, a damaged database might hold one).
  @Test func directoryEndsOnAPathThatIsNotUTF8() async throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let library = try Library(path: folder + "/library.db", areas: everyDatabaseArea)
    try await library.pool.write { db in
      var song = Song(path: "/m/a/1.mp3", title: "one", artist: "x")
      try song.insert(db)
      // "/m/\xFF/2.mp3" and "/m/\xFF.mp3"
      for hex in ["2F6D2FFF2F322E6D7033", "2F6D2FFF2E6D7033"] {
        try db.execute(
          sql: "INSERT INTO song(path, title, artist, album, albumArtist) VALUES (CAST(X'\(hex)' AS TEXT), 't', 'a', '', 'a')")
      }
    }
    let player = Player(sink: ClockSink(), decoders: SilentDecoders(seconds: 1), library: library, persist: false, seed: 1)
    let entries = try await PlayerBackend(player: player, library: library).directory("")
    #expect(entries.first == .directory(path: "a", lastModified: nil))
  }

  @Test func tagValuesEqualTheValuesOfTheMatchingSongs() async throws {
    let (backend, _, folder) = try Self.backend()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let filters = [
      MPDFilter(), try MPDFilter.parse(["genre", "rock"], substring: true),
      try MPDFilter.parse(["artist", "Air"], substring: false),
      try MPDFilter.parse(["(base 'a b')"], substring: false),
    ]
    for filter in filters {
      let songs = try await backend.songs(matching: filter)
      for tag in MPDTag.allCases {
        // A song without the tag counts under its fallback's values (an album artist under the artist), and
        // without those as the empty value, as MPD's `list` shows it.
        let expected = Set(
          songs.flatMap { song in
            ([tag] + tag.fallbacks).map { song.tags[all: $0] }.first { !$0.isEmpty } ?? [""]
          }
        ).sorted()
        #expect(try await backend.tagValues(tag, matching: filter) == expected, "\(tag) of \(filter)")
      }
    }
  }
}
