// Sort names order the listings, as beets and cmus order them: "The Grey Weather" tagged with the sort
// name "Grey Weather, The" is listed under G in `ls artists`, `ls albums` and the default song order;
// an album by its album sort name; a name without a sort tag by itself.
import Foundation
import GRDB
import Testing

@testable import TunesLibrary

@Suite struct SortNameOrderTests {
  /// Four artists, two of them with sort names, and two albums of one artist, one with an album sort name.
  static func library() throws -> TempLibrary {
    let temp = try TempLibrary()
    try temp.write(
      "a/1.mp3",
      ["title": "Song Harbour", "artist": "The Grey Weather", "artistsort": "Grey Weather, The", "album": "Harbour"])
    try temp.write(
      "b/1.mp3",
      [
        "title": "Song Tide", "artist": "The Grey Weather", "albumartist": "The Grey Weather",
        "albumartistsort": "Grey Weather, The", "album": "Tide",
      ])
    try temp.write("c/1.mp3", ["title": "Song Light", "artist": "Ansel Grey", "album": "First Light"])
    try temp.write(
      "d/1.mp3", ["title": "Song Field", "artist": "Hollow Pines", "album": "The Long Field", "albumsort": "Long Field, The"])
    try temp.write("d/2.mp3", ["title": "Song Meadow", "artist": "Hollow Pines", "album": "Meadow"])
    try temp.write("e/1.mp3", ["title": "Song Zed", "artist": "Zed", "album": "Last"])
    _ = try temp.index()
    return temp
  }

  static let songOrder = ["Song Light", "Song Harbour", "Song Tide", "Song Field", "Song Meadow", "Song Zed"]

  @Test func artistsAreListedBySortName() throws {
    let temp = try Self.library()
    #expect(try temp.library.artists().map(\.name) == ["Ansel Grey", "The Grey Weather", "Hollow Pines", "Zed"])
    let descending = try temp.library.artists(matching: LibraryQuery.parse("sort:-artist")).map(\.name)
    #expect(descending == ["Zed", "Hollow Pines", "The Grey Weather", "Ansel Grey"])
  }

  @Test func albumsAreListedByAlbumArtistAndAlbumSortNames() throws {
    let temp = try Self.library()
    #expect(
      try temp.library.albums().map(\.title) == ["First Light", "Harbour", "Tide", "The Long Field", "Meadow", "Last"])
  }

  @Test func songsComeInTheOrderOfTheirSortNames() throws {
    let temp = try Self.library()
    // Read by SQLite's ORDER BY, and sorted after decoding for full-text hits ("song" is in every title).
    #expect(try temp.library.songs(matching: "").map(\.title) == Self.songOrder)
    #expect(try LibraryQuery.parse("song").compiled().sortsAfterDecoding)
    #expect(try temp.library.songs(matching: "song").map(\.title) == Self.songOrder)
    let batch = try temp.library.songBatch(matching: LibraryQuery.parse("song"))
    #expect((0..<batch.count).map { batch[$0].title } == Self.songOrder)
  }

  @Test func theDefaultOrderWalksItsIndex() throws {
    let temp = try Self.library()
    let plan = try temp.library.pool.read { db in
      try Row.fetchAll(
        db, sql: "EXPLAIN QUERY PLAN SELECT song.id FROM song WHERE \(Song.present) ORDER BY \(LibraryQuery.defaultOrder)"
      ).map { $0["detail"] as String }
    }
    #expect(plan.contains { $0.contains("song_sortOrder") }, "\(plan)")
    #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
  }

  @Test func theSeparateNamesAreListedAsArtists() throws {
    let temp = try TempLibrary()
    try temp.write(
      "a/1.mp3", ["title": "Paper Lanterns", "artist": "Zoë Marlowe feat. Kenji Tanaka", "artists": "Zoë Marlowe; Kenji Tanaka"])
    try temp.write("b/1.mp3", ["title": "Late", "artist": "Kenji Tanaka Trio"])
    _ = try temp.index()
    let artists = try temp.library.artists()
    #expect(artists.map(\.name) == ["Kenji Tanaka", "Kenji Tanaka Trio", "Zoë Marlowe"])
    #expect(artists.map(\.songCount) == [1, 1, 1])
  }
}
