// `sort:artist`, `sort:albumartist` and `sort:album` order songs by the sort names the songs carry, as the
// default order and the album and artist listings do: "The Grey Weather" tagged "Grey Weather, The"
// under G, "The Long Field" tagged "Long Field, The" under L.
import Testing

@testable import TunesLibrary

@Suite struct SongSortKeyTests {
  @Test func artistSortsByTheArtistSortName() throws {
    let temp = try SortNameOrderTests.library()
    // Only "Song Harbour" carries an artist sort name; "Song Tide" is sorted by its artist as written.
    #expect(
      try temp.library.songs(matching: "sort:artist").map(\.title)
        == ["Song Light", "Song Harbour", "Song Field", "Song Meadow", "Song Tide", "Song Zed"])
    #expect(
      try temp.library.songs(matching: "sort:-artist").map(\.title)
        == ["Song Zed", "Song Tide", "Song Field", "Song Meadow", "Song Harbour", "Song Light"])
  }

  @Test func albumArtistSortsAsTheDefaultOrderDoes() throws {
    let temp = try SortNameOrderTests.library()
    #expect(
      try temp.library.songs(matching: "sort:albumartist").map(\.title)
        == ["Song Light", "Song Harbour", "Song Tide", "Song Field", "Song Meadow", "Song Zed"])
  }

  @Test func albumSortsByTheAlbumSortName() throws {
    let temp = try SortNameOrderTests.library()
    #expect(
      try temp.library.songs(matching: "sort:album").map(\.title)
        == ["Song Light", "Song Harbour", "Song Zed", "Song Field", "Song Meadow", "Song Tide"])
  }
}
