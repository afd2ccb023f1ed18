// The sort keys of `tunes playlist sort` spelt as the query language spells them, and orders that agree
// with the query's `sort:` on the same songs.
import Foundation
import GRDB
import Testing

@testable import TunesLibrary
@testable import TunesPlaylists

@Suite struct SortKeyTests {
  @Test func theQuerySpellingAndTheOlderOneGiveTheSameKeys() throws {
    let year = PlaylistSortKey(field: .year, descending: true)
    let title = PlaylistSortKey(field: .title)
    #expect(try PlaylistSortKey.parseList(["-year", "title"]) == [year, title])
    #expect(try PlaylistSortKey.parseList(["sort:-year,title"]) == [year, title])
    #expect(try PlaylistSortKey.parseList(["sort:-year", "sort:title"]) == [year, title])
    #expect(try PlaylistSortKey.parseList(["year:desc", "title:asc"]) == [year, title])
    #expect(try PlaylistSortKey.parseList(["-PlayCount"]) == [PlaylistSortKey(field: .playcount, descending: true)])
    #expect(try PlaylistSortKey(parsing: "plays") == PlaylistSortKey(field: .playcount))
  }

  @Test(arguments: ["colour", "-", "", "sort:", "sort:year,", "--year", "-year:desc", "year:sideways", "sort:-colour"])
  func aWordThatIsNoKeyIsRefusedByName(word: String) {
    #expect {
      try PlaylistSortKey.parseList([word])
    } throws: { error in
      guard case PlaylistError.unknownSortKey(let named, let valid) = error else { return false }
      return named == word && valid.contains("playcount") && valid.contains("track")
    }
  }

  @Test func theMessageTeachesTheQuerySpelling() {
    let message = PlaylistError.unknownSortKey("colour", valid: ["year"]).description
    #expect(message == "unknown sort key 'colour'; valid keys: year (-KEY to reverse)")
  }

  /// Every key the query language has, both ways, orders the playlist as `sort:KEY` orders the same
  /// songs. The query breaks ties by album artist, album, disc, track and path; the playlist keeps
  /// the order it had, so it is first sorted that way.
  @Test(arguments: ["title", "artist", "albumartist", "album", "year", "duration", "playcount", "lastplayed", "added"])
  func eachSharedKeyOrdersAsTheQueryDoes(key: String) async throws {
    let f = try Fixture()
    let keys = ["hurt", "sun", "hey", "blues", "come"]
    try await f.library.pool.write { db in
      // Distinct, known dates, in an order unlike the others.
      for (i, key) in keys.enumerated() {
        let added = DatabaseTimestamp.text(Date(timeIntervalSince1970: 1_600_000_000 + Double((i * 3) % 5) * 86_400))
        let played = DatabaseTimestamp.text(Date(timeIntervalSince1970: 1_700_000_000 + Double((i * 2) % 5) * 3_600))
        try db.execute(
          sql: "UPDATE song SET addedAt = ?, lastPlayedAt = ? WHERE id = ?", arguments: [added, played, f.song(key).id])
      }
    }
    try await f.store.create(name: "P", songs: keys.map(f.song))
    for direction in ["", "-"] {
      let ties = try PlaylistSortKey.parseList(["albumartist", "album", "track", "path"])
      try await f.store.sort(name: "P", by: ties)
      try await f.store.sort(name: "P", by: PlaylistSortKey.parseList(["sort:" + direction + key]))
      let expected = try f.library.songs(matching: "sort:" + direction + key).map(\.title)
      #expect(try await f.titles("P") == expected, "sort:\(direction)\(key)")
    }
  }

  @Test func randomShufflesEveryEntryOnce() async throws {
    let f = try Fixture()
    let keys = ["hurt", "sun", "hey", "blues", "come"]
    try await f.store.create(name: "P", songs: keys.map(f.song))
    var orders = Set<[String]>()
    for _ in 0..<20 {
      try await f.store.sort(name: "P", by: [PlaylistSortKey(field: .random)])
      let titles = try await f.titles("P")
      #expect(titles.sorted() == keys.map { f.song($0).title }.sorted())
      orders.insert(titles)
    }
    // 20 draws of 120 orders all alike would mean the key does not shuffle.
    #expect(orders.count > 1)
  }
}
