// The default order sorted in Swift (full-text results) against SQLite's ORDER BY over the same rows,
// sort names in place of some of them: names that differ only in case, in accents, by a prefix (shorter and longer than the 8 bytes compared
// first) or by punctuation around the ASCII letters, missing disc and track numbers, paths differing
// only in case.
import Foundation
import GRDB
import Testing
import TunesTestSupport

@testable import TunesLibrary

@Suite struct DefaultOrderTests {
  static let names = [
    "abc", "ABC", "Abc", "abc d", "abcd", "ab", "Ábc", "ábc", "abc\u{7F}", "_abc", "[abc]", "`abc", "@abc", "zeta",
    "Zeta", "", "ÉCLAIR", "éclair", "a b", "Z", "z", "ß", "SS", "ss", "日本", "abc ",
    // around the 8 bytes compared first: equal there, longer, shorter
    "abcdefgh", "ABCDEFGHij", "abcdefghi", "abcdefgh ", "abcdefg", "abcdefgH", "Éclairs", "éclairs!",
  ]

  /// `count` songs whose titles all hold "common", with names, numbers and paths drawn from tricky sets.
  static func randomSongs(count: Int, seed: UInt64) -> [Song] {
    var random = SplitMix(state: seed)
    func number() -> Int? { [nil, 0, 1, 2, 3, 10, 11, 100].randomElement(using: &random)! }
    return (0..<count).map { index in
      let folder = ["a", "A", "b", "Á", "_"].randomElement(using: &random)!
      return Song(
        path: "/m/\(folder)/\(names.randomElement(using: &random)!)/\(index).mp3", title: "Common \(index)",
        artist: names.randomElement(using: &random)!, album: names.randomElement(using: &random)!,
        albumArtist: names.randomElement(using: &random)!, trackNumber: number(), discNumber: number())
    }
  }

  @Test(arguments: [1 as UInt64, 2, 3])
  func fullTextResultsComeInSQLitesDefaultOrder(seed: UInt64) throws {
    let temp = try TempLibrary()
    try temp.library.pool.write { db in
      for var song in Self.randomSongs(count: 400, seed: seed) { try song.insert(db) }
      // Sort names on some songs: the album artist's, the album's, and the artist's for an album artist
      // that stands in for the artist.
      var random = SplitMix(state: seed &+ 100)
      for id in 1...400 {
        func name() -> String? { ([nil, nil] + Self.names.map { Optional($0) }).randomElement(using: &random)! }
        try db.execute(
          sql: "UPDATE song SET albumArtistSort = ?, albumSort = ?, artistSort = ?, derivedFields = ? WHERE id = ?",
          arguments: [name(), name(), name(), [0, 2].randomElement(using: &random)!, id])
      }
    }
    let query = try LibraryQuery.parse("common")
    #expect(query.compiled().sortsAfterDecoding)
    let expected = try temp.library.pool.read { db in
      try Int64.fetchAll(db, sql: "SELECT id FROM song ORDER BY \(LibraryQuery.defaultOrder)")
    }
    #expect(expected.count == 400)
    #expect(try temp.library.songs(matching: query).map(\.id) == expected)
    // The play queue's batch takes the same path.
    let batch = try temp.library.songBatch(matching: query)
    #expect((0..<batch.count).map { batch[$0].id } == expected)
  }

  @Test func onlyFullTextQueriesInTheDefaultOrderAreSortedAfterDecoding() throws {
    for text in ["common", "common -title:x", "common year:1990..2000", "artist:abc"] {
      #expect(try LibraryQuery.parse(text).compiled().sortsAfterDecoding, "\(text)")
    }
    for text in ["", "year:1990..2000", "common sort:title", "common limit:3", "common sort:random"] {
      #expect(try !LibraryQuery.parse(text).compiled().sortsAfterDecoding, "\(text)")
    }
  }

  @Test func filtersBesideTheFullTextMatchStillApply() throws {
    let temp = try TempLibrary()
    let songs = Self.randomSongs(count: 200, seed: 9)
    try temp.library.pool.write { db in
      for var song in songs { try song.insert(db) }
    }
    let found = try temp.library.songs(matching: "common path:/m/a/ -genre:x")
    let expected = songs.filter { $0.path.hasPrefix("/m/a/") }.map(\.path)
    #expect(Set(found.map(\.path)) == Set(expected))
    #expect(found.count == expected.count && !found.isEmpty)
  }
}
