// Songs with several values per tag on the wire, on the in-memory backend: the replies are those mpd
// 0.23.12 gave for the same ID3v2.4 tags in the differential test's "several-values" library
// (Tests/MPDDifferential/cases/28-several-values.mpd), without the lines that case normalises away.
import Foundation
import Testing
import TunesMPDTesting

@testable import TunesMPD

@Suite struct SeveralValuesTests {
  static let songs: [MPDSong] = [
    MPDSong(
      file: "Cleo Dunn/Solo/03 Other.mp3",
      tags: [
        .artist: "Ben Cole", .artist: "Cleo Dunn", .title: "Other", .album: "Solo", .track: "1", .date: "2012",
        .genre: "Folk", .genre: "Jazz",
      ], duration: 3.168),
    MPDSong(
      file: "Cleo Dunn/Solo/04 Plain.mp3",
      tags: [.artist: "Cleo Dunn", .title: "Plain", .album: "Solo", .track: "2", .date: "2012"], duration: 2.16),
    MPDSong(
      file: "Duo/01 Both.mp3",
      tags: [
        .artist: "Anna Berg", .artist: "Ben Cole", .albumArtist: "Anna Berg", .title: "Both", .album: "Duets",
        .track: "1", .date: "2010", .genre: "Jazz", .genre: "Soul",
      ], duration: 2.16),
    MPDSong(
      file: "Duo/02 One.mp3",
      tags: [
        .artist: "Anna Berg", .albumArtist: "Anna Berg", .title: "One", .album: "Duets", .track: "2", .date: "2010",
        .genre: "Jazz",
      ], duration: 2.16),
  ]

  /// The reply with only the `file:` lines of its songs kept, for filters.
  static func files(_ backend: InMemoryMPDBackend, _ command: String) async throws -> [String] {
    try await exchange(backend, command).split(separator: "\n").filter { $0.hasPrefix("file: ") }.map {
      String($0.dropFirst(6))
    }
  }

  @Test func eachValueIsALineOfItsOwn() async throws {
    let reply = try await exchange(InMemoryMPDBackend(songs: Self.songs), "lsinfo \"Duo/01 Both.mp3\"")
    #expect(
      reply == """
        file: Duo/01 Both.mp3
        Artist: Anna Berg
        Artist: Ben Cole
        AlbumArtist: Anna Berg
        Title: Both
        Album: Duets
        Track: 1
        Date: 2010
        Genre: Jazz
        Genre: Soul
        Time: 2
        duration: 2.160
        OK

        """)
  }

  @Test func filtersHoldWhenAnyValueMatches() async throws {
    let backend = InMemoryMPDBackend(songs: Self.songs)
    let other = "Cleo Dunn/Solo/03 Other.mp3", plain = "Cleo Dunn/Solo/04 Plain.mp3"
    let both = "Duo/01 Both.mp3", one = "Duo/02 One.mp3"
    #expect(try await Self.files(backend, "find artist \"Ben Cole\"") == [other, both])
    #expect(try await Self.files(backend, "search genre \"jazz\"") == [other, both, one])
    #expect(try await Self.files(backend, #"find "(Artist != \"Anna Berg\")""#) == [other, plain])
    #expect(try await Self.files(backend, #"find "(Genre == \"Soul\")""#) == [both])
    #expect(try await Self.files(backend, #"find "(AlbumArtist == \"Cleo Dunn\")""#) == [other, plain])
    #expect(try await Self.files(backend, #"find "(Composer == \"\")""#) == [other, plain, both, one])
    #expect(try await Self.files(backend, #"find "(!(Artist contains \"Ben\"))""#) == [plain, one])
    #expect(try await Self.files(backend, "find albumartist \"Ben Cole\" sort artist") == [other])
  }

  @Test func listAndCountCountASongUnderEachValue() async throws {
    let backend = InMemoryMPDBackend(songs: Self.songs)
    let reply = try await exchange(
      backend, "list artist", "list genre", "list albumartist", "list album group artist", "list artist group genre",
      "count group artist", "count group genre", "count artist \"Anna Berg\"")
    #expect(
      reply == """
        Artist: Anna Berg
        Artist: Ben Cole
        Artist: Cleo Dunn
        OK
        Genre: 
        Genre: Folk
        Genre: Jazz
        Genre: Soul
        OK
        AlbumArtist: Anna Berg
        AlbumArtist: Ben Cole
        AlbumArtist: Cleo Dunn
        OK
        Artist: Anna Berg
        Album: Duets
        Artist: Ben Cole
        Album: Duets
        Album: Solo
        Artist: Cleo Dunn
        Album: Solo
        OK
        Genre: 
        Artist: Cleo Dunn
        Genre: Folk
        Artist: Ben Cole
        Artist: Cleo Dunn
        Genre: Jazz
        Artist: Anna Berg
        Artist: Ben Cole
        Artist: Cleo Dunn
        Genre: Soul
        Artist: Anna Berg
        Artist: Ben Cole
        OK
        Artist: Anna Berg
        songs: 2
        playtime: 4
        Artist: Ben Cole
        songs: 2
        playtime: 5
        Artist: Cleo Dunn
        songs: 2
        playtime: 5
        OK
        Genre: 
        songs: 1
        playtime: 2
        Genre: Folk
        songs: 1
        playtime: 3
        Genre: Jazz
        songs: 3
        playtime: 7
        Genre: Soul
        songs: 1
        playtime: 2
        OK
        songs: 2
        playtime: 4
        OK

        """)
  }
}
