// The credits that stand apart from their names ("A feat. B" beside A and B), marked by the indexer as it
// writes each song (CreditSchema) and by the upgrade for the songs already there: the marks must say what
// comparing each song's credit with its stored values says, which the MPD server's `find` and `list`
// read instead of comparing them on every query.
import Foundation
import GRDB
import Testing
import TunesTags

@testable import TunesLibrary

@Suite struct CreditApartTests {
  /// The comparison the MPD server made on every query before the marks, kept as the oracle.
  static func oracle(_ db: Database, tag name: String) throws -> [Int64: String] {
    let column = name == "artist" ? "artist" : "albumArtist"
    let derived = name == "albumartist" ? " AND derivedFields & \(TagSchema.albumArtistFromArtist) = 0" : ""
    var credits: [Int64: String] = [:]
    let rows = try Row.fetchCursor(
      db,
      sql: """
        SELECT id, \(column) FROM song WHERE \(Song.present) AND tagsStored > 0 AND \(column) <> ''\(derived)
        AND \(column) IS NOT (
          SELECT group_concat(value, '; ') FROM (
            SELECT value FROM songTag WHERE songId = song.id AND name = ? ORDER BY position))
        """, arguments: [name])
    while let row = try rows.next() { credits[row[0]] = row[1] }
    return credits
  }

  /// The credits apart by the stored marks (which `creditsApart` must read as they are) and by the
  /// oracle, by file name, for both tags.
  static func credits(_ library: Library) throws -> (marked: [String: String], oracle: [String: String]) {
    let names = try library.pool.read { db in
      try Dictionary(
        uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT id, path FROM song").map {
          (($0[0] as Int64), ($0[1] as String as NSString).lastPathComponent)
        })
    }
    func named(_ tag: String, _ credits: [Int64: String]) -> [String: String] {
      Dictionary(uniqueKeysWithValues: credits.map { (tag + " " + (names[$0.key] ?? "?"), $0.value) })
    }
    var marked: [String: String] = [:]
    var oracle: [String: String] = [:]
    for (tag, column, bit) in [("artist", "artist", 1), ("albumartist", "albumArtist", 2)] {
      let read = named(tag, try library.readSongs { try $0.creditsApart(fromTag: tag) })
      // The stored marks themselves, as the rows hold them.
      let rows = try library.pool.read { db in
        try Row.fetchAll(db, sql: "SELECT id, \(column) FROM song WHERE creditApart & \(bit) <> 0 AND \(Song.present)")
      }
      let stored = named(tag, Dictionary(uniqueKeysWithValues: rows.map { (($0[0] as Int64), ($0[1] as String)) }))
      #expect(read == stored, "\(tag)")
      marked.merge(stored) { a, _ in a }
      oracle.merge(named(tag, try library.pool.read { try Self.oracle($0, tag: tag) })) { a, _ in a }
    }
    return (marked, oracle)
  }

  static func tags(_ name: String, second: Bool) -> TagSet {
    var tags = TagSet()
    tags.title = name
    switch name {
    case "a.mp3":  // a credit beside its names; on the second run the names are the credit itself
      tags.artist = "A feat. B"
      tags.artists = second ? ["A feat. B"] : ["A", "B"]
    case "b.mp3":  // names that join into the credit
      tags.artist = "Otter; Bach"
      tags.artists = ["Otter", "Bach"]
    case "c.mp3":  // one name, no list
      tags.artist = "Someone"
    case "d.mp3":  // an album artist's credit apart, the artist's not
      tags.artist = "X"
      tags.albumArtist = "X & Y"
      tags.albumArtists = ["X", "Y"]
    case "e.mp3":  // the artist standing in for the album artist is no tag of its own
      tags.artist = "P feat. Q"
      tags.artists = ["P", "Q"]
    default:  // the same letters, composed in the credit and decomposed in the name: apart byte for byte
      tags.artist = "Caf\u{E9}"
      tags.artists = ["Cafe\u{301}"]
    }
    return tags
  }

  @Test func theIndexerMarksTheCreditsTheComparisonFinds() throws {
    let temp = try TempLibrary()
    for name in ["a", "b", "c", "d", "e", "f"] { try temp.write(name + ".mp3", ["n": name]) }
    _ = try temp.library.index(
      paths: [temp.music], options: TagStorageTests.options { Self.tags(($0 as NSString).lastPathComponent, second: false) })
    let first = try Self.credits(temp.library)
    #expect(
      first.marked == [
        "artist a.mp3": "A feat. B", "albumartist d.mp3": "X & Y", "artist e.mp3": "P feat. Q", "artist f.mp3": "Caf\u{E9}",
      ])
    #expect(first.marked == first.oracle)
    // A changed file is written again, and its mark with it.
    try temp.write("a.mp3", ["n": "a", "v": "2"])
    _ = try temp.library.index(
      paths: [temp.music], options: TagStorageTests.options { Self.tags(($0 as NSString).lastPathComponent, second: true) })
    let second = try Self.credits(temp.library)
    #expect(second.marked["artist a.mp3"] == nil && second.marked.count == 3)
    #expect(second.marked == second.oracle)
  }

  /// A database from before the marks gains them for the songs it holds.
  @Test func anUpgradeMarksTheSongsAlreadyIndexed() throws {
    try QueryPlanTests.upgrade(from: "playlists-source-hash-v1") { db in
      try db.execute(
        sql: """
          INSERT INTO song (id, path, title, artist, album, albumArtist, artistMbids, tagsStored, derivedFields)
          VALUES (1, '/music/a.mp3', 'A', 'A feat. B', 'L', 'A feat. B', '[]', 2, \(TagSchema.albumArtistFromArtist)),
            (2, '/music/b.mp3', 'B', 'Otter; Bach', 'L', 'Otter & Bach', '[]', 2, 0),
            (3, '/music/c.mp3', 'C', 'Old feat. Row', 'L', 'Old', '[]', 0, 0);
          INSERT INTO songTag (songId, name, value, position) VALUES
            (1, 'artist', 'A', 0), (1, 'artist', 'B', 1),
            (2, 'artist', 'Otter', 0), (2, 'artist', 'Bach', 1), (2, 'albumartist', 'Otter', 0),
            (2, 'albumartist', 'Bach', 1);
          """)
    } check: { library in
      let credits = try Self.credits(library)
      #expect(credits.marked == ["artist a.mp3": "A feat. B", "albumartist b.mp3": "Otter & Bach"])
      #expect(credits.marked == credits.oracle)
    }
  }
}
