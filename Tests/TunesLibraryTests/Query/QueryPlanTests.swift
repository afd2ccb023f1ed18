// The common query forms read indexes, never every song: a test per form of what SQLite plans, the
// indexes of `library-query-v1` on an upgraded database, and a rescan keeping them in step.
import Foundation
import GRDB
import Testing

@testable import TunesLibrary

@Suite struct QueryPlanTests {
  /// What SQLite plans for a query's songs: one line per step.
  static func plan(_ text: String, _ library: Library) throws -> [String] {
    let compiled = try LibraryQuery.parse(text).compiled()
    return try library.pool.read { db in
      try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + compiled.songsSQL, arguments: compiled.whereArguments)
        .map { $0["detail"] as String }
    }
  }

  static func scansSongs(_ plan: [String]) -> Bool { plan.contains { $0.hasPrefix("SCAN song ") || $0 == "SCAN song" } }

  /// Words, field words, exact names (with or without case), a genre, a value of a tag stored value by
  /// value, a year and a folder: each starts from an index. A walk over every song
  /// (`SCAN song`) took 60 ms at 100k songs for `artist:=X`.
  @Test func commonQueryFormsNeverWalkEverySong() throws {
    let temp = try TempLibrary()
    try temp.library.pool.write { db in
      var song = Song(path: "/music/a.mp3", title: "River", artist: "Air", album: "Moon Safari", genre: "Jazz")
      try song.insert(db)
    }
    let forms = [
      "river", "river air", "artist:air", "title:river", "genre:jazz", "artist:=Air", "artist:=~air", #"album:="Moon Safari""#,
      #"album:=~"moon safari""#, "albumartist:=Air", "albumartist:=~air", "title:=River", "title:=~river", "genre:=Jazz",
      "genre:=~jazz", "genres:=Jazz", "composer:=Bach", "composer:bach", "year:1998", "year:1990..1999",
      "path:/music/", "artist:=Air sort:year", "river limit:10",
    ]
    for form in forms {
      let plan = try Self.plan(form, temp.library)
      #expect(!Self.scansSongs(plan), "\(form): \(plan)")
    }
    // The exact names go through their own NOCASE index.
    for (form, index) in [
      ("artist:=Air", "song_artist"), ("album:=~x", "VIRTUAL TABLE INDEX"), ("title:=River", "VIRTUAL TABLE INDEX"),
      ("title:=~river", "VIRTUAL TABLE INDEX"),
      ("albumartist:=Air", "song_defaultOrder"),
    ] {
      #expect(try Self.plan(form, temp.library).contains { $0.contains(index) }, "\(form)")
    }
  }

  /// The index compares as lower() did: ASCII letters folded, others kept (`=~zoë` finds "ZOë", not "ZOË").
  @Test func exactNamesMatchAsBeforeThroughTheIndex() throws {
    let temp = try TempLibrary()
    try temp.library.pool.write { db in
      for (index, artist) in ["Zoë", "ZOë", "ZOË", "zoe", "Zoë Keating"].enumerated() {
        var song = Song(path: "/music/\(index).mp3", title: "T\(index)", artist: artist, album: artist)
        try song.insert(db)
      }
    }
    func titles(_ query: String) throws -> Set<String> { Set(try temp.library.songs(matching: query).map(\.title)) }
    #expect(try titles("artist:=Zoë") == ["T0"])
    #expect(try titles("artist:=~zoë") == ["T0", "T1"])
    #expect(try titles("album:=~ZOË") == ["T2"])
    #expect(try titles("-artist:=~zoë") == ["T2", "T3", "T4"])
  }

  /// A library database migrated up to `migration` and filled by `fill` in one transaction, then opened
  /// as today's tunes opens it (the later migrations run) and handed to `check`.
  static func upgrade(
    from migration: String, _ fill: (Database) throws -> Void, check: (Library) throws -> Void
  ) throws {
    let root = NSTemporaryDirectory() + "tunes-upgrade-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    let databasePath = root + "/library.db"
    do {
      let pool = try DatabasePool(path: databasePath)
      try Schema.migrator(areas: everyDatabaseArea).migrate(pool, upTo: migration)
      try pool.write(fill)
    }
    try check(try Library(path: databasePath, areas: everyDatabaseArea))
  }

  /// A database made before these indexes gains them in place, and the exact queries use them at once.
  @Test func aDatabaseFromBeforeTheIndexesUpgradesInPlace() throws {
    try Self.upgrade(from: "library-file-tags-v1") { db in
      try db.execute(
        sql: """
          INSERT INTO song (id, path, title, artist, album, albumArtist, artistMbids, playCount, tagsStored)
          VALUES (3, '/music/a.mp3', 'Old', 'Old Artist', 'Old Album', 'Old Artist', '[]', 4, 2);
          INSERT INTO songTag (songId, name, value, position) VALUES (3, 'artist', 'Old Artist', 0);
          """)
      try Song.insertFullText(
        db, id: 3, title: "Old", artist: "Old Artist", album: "Old Album", albumArtist: "Old Artist", genre: nil)
    } check: { library throws in
      #expect(try library.songs(matching: #"artist:="Old Artist""#).map(\.id) == [3])
      #expect(try library.songs(matching: #"album:=~"old album""#).map(\.playCount) == [4])
      #expect(try Self.plan("artist:=X", library).contains { $0.contains("song_artist") })
      #expect(try library.pool.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
    }
  }

  /// A rescan that renames an artist or album moves the song in the new indexes: the exact queries find
  /// it under the new name only.
  @Test func aRescanKeepsTheExactIndexesInStep() throws {
    let temp = try TempLibrary()
    try temp.write("a.mp3", ["title": "One", "artist": "Before", "album": "First"])
    _ = try temp.index()
    func titles(_ query: String) throws -> [String] { try temp.library.songs(matching: query).map(\.title) }
    #expect(try titles("artist:=Before") == ["One"] && titles("album:=~first") == ["One"])
    try temp.write("a.mp3", ["title": "Uno", "artist": "After", "album": "Second", "v": "2"])
    _ = try temp.index()
    #expect(try titles("artist:=After") == ["Uno"] && titles("album:=~SECOND") == ["Uno"] && titles("title:=Uno") == ["Uno"])
    #expect(try titles("artist:=Before").isEmpty && titles("album:=~first").isEmpty && titles("title:=One").isEmpty)
    #expect(try temp.library.pool.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
  }

  /// `songIDs(matching:)` gives the ids `songs(matching:)` gives, songs whose files are missing left out
  /// unless asked for; a query of words reads them from the full-text index and the missing songs'
  /// partial index alone, no song row.
  @Test func songIDsAreThoseOfTheSongsAndWordsReadNoRow() throws {
    let temp = try TempLibrary()
    try temp.library.pool.write { db in
      for index in 0..<30 {
        var song = Song(
          path: "/music/\(index).mp3", title: index % 3 == 0 ? "River \(index)" : "Lake \(index)", artist: "A\(index % 4)",
          album: "B", year: 1990 + index % 5, genre: index % 2 == 0 ? "Pop" : nil)
        try song.insert(db)
      }
      try db.execute(sql: "UPDATE song SET missingSince = '2026-01-01' WHERE id % 5 = 0")
    }
    for query in [
      "river", "riv la", "lake year:1992", "artist:=A1", "river missing:any", "river missing:yes",
      "year:1991 sort:-title limit:2", "", "genre:=~pop", "-genre:=Pop",
    ] {
      let songs = try temp.library.songs(matching: query).compactMap(\.id)
      let ids = try temp.library.songIDs(matching: LibraryQuery.parse(query))
      #expect(Set(ids) == Set(songs) && ids.count == songs.count, "\(query)")
    }
    let compiled = try LibraryQuery.parse("river lake").compiled()
    let plan = try temp.library.pool.read { db in
      try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + compiled.idsSQL, arguments: compiled.whereArguments).map {
        $0["detail"] as String
      }
    }
    #expect(plan.contains { $0.contains("VIRTUAL TABLE INDEX") } && plan.contains { $0.contains("song_missing") }, "\(plan)")
    #expect(!plan.contains { $0.contains("INTEGER PRIMARY KEY") } && !Self.scansSongs(plan), "\(plan)")
    let genre = try LibraryQuery.parse("genre:=Pop").compiled()
    let genrePlan = try temp.library.pool.read { db in
      try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + genre.idsSQL, arguments: genre.whereArguments).map {
        $0["detail"] as String
      }
    }
    #expect(genrePlan.contains { $0.contains("COVERING INDEX song_genre") } && !Self.scansSongs(genrePlan), "\(genrePlan)")
  }

  /// The MPD server's reads of stored tag values search indexes: an ASCII value through `songTag_value`
  /// and the partial index of the values it cannot judge, and the songs lacking a tag from one list of
  /// those that have it (a correlated subquery was planned on the values' index, reading every value of
  /// the tag once per song).
  @Test func storedTagReadsSearchTheirIndexes() throws {
    let temp = try TempLibrary()
    func plan(_ sql: String, _ arguments: StatementArguments) throws -> [String] {
      try temp.library.pool.read { db in
        try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
      }
    }
    let equal = try plan(SongReader.equalToASCII, ["artist", "Air", "artist"])
    #expect(equal.contains { $0.contains("songTag_value (name=? AND value=?)") }, "\(equal)")
    #expect(equal.contains { $0.contains("songTag_lookalike") }, "\(equal)")
    let lacking = try plan(SongReader.lackingTag, ["artist"])
    #expect(!lacking.contains { $0.contains("CORRELATED") } && lacking.contains { $0.contains("LIST SUBQUERY") }, "\(lacking)")
  }

  /// The values a NOCASE comparison would misjudge are flagged by the indexer and in the partial index, the
  /// others are not; `equalToASCII` gives those of the index with the NOCASE-equal ones.
  @Test func theIndexerFlagsTheValuesNOCASEMisjudges() throws {
    let temp = try TempLibrary()
    let artists = ["\u{212A}elvin", "Kelvin", "a\u{37E}", "Zoë", "x\u{1FEF}"]
    for (number, artist) in artists.enumerated() { try temp.write("\(number).mp3", ["title": "T\(number)", "artist": artist]) }
    _ = try temp.index()
    let flagged = try temp.library.pool.read { db in
      try String.fetchAll(
        db, sql: "SELECT value FROM songTag INDEXED BY songTag_lookalike WHERE name = 'artist' AND lookalike = 1 ORDER BY value")
    }
    // Compared as scalars: Swift's String equality takes the Kelvin sign for a "K".
    #expect(
      flagged.map { Array($0.unicodeScalars) } == [["a", "\u{37E}"], ["x", "\u{1FEF}"], ["\u{212A}", "e", "l", "v", "i", "n"]])
    // "Kelvin" by NOCASE, and every flagged value for the matcher to judge.
    #expect(try temp.library.readSongs { try $0.songIDs(tagged: "artist", equalToASCII: "KELVIN") }.count == 1 + flagged.count)
    #expect(try temp.library.pool.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
  }

  /// The indexer's test of a value agrees with the condition the index of `library-query-v1` stated in SQL,
  /// which the upgrade still uses: on values built in SQL (so that a NUL stays inside) from code points
  /// around the three characters and the NUL, and random ones.
  @Test func theIndexersTestOfAValueAgreesWithTheSQLCondition() throws {
    let temp = try TempLibrary()
    let near: [UInt32] = [
      0, 1, 0x41, 0x4B, 0x6B, 0x212A, 0x2129, 0x212B, 0x37E, 0x37D, 0x3BE, 0x1FEF, 0x1FEE, 0x1FBF, 0xE9, 0x1F525,
    ]
    var generator = SystemRandomNumberGenerator()
    var values: [[UInt32]] = near.map { [$0] } + near.flatMap { a in near.map { b in [0x61, a, b] } }
    for _ in 0..<500 {
      values.append((0..<Int.random(in: 1...6, using: &generator)).map { _ in near.randomElement(using: &generator)! })
    }
    try temp.library.pool.read { db in
      for scalars in values {
        let built = "char(" + scalars.map(String.init).joined(separator: ", ") + ")"
        let inSQL = try Bool.fetchOne(
          db, sql: "SELECT \(QuerySchema.asciiLookalike.replacingOccurrences(of: "value", with: built))")
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars.map { Unicode.Scalar($0)! })
        #expect(TagLookalike.holdsOne(text) == inSQL, "\(scalars)")
      }
    }
  }

  /// A database from before the flag gains it in place: the rows stored then are flagged by the old
  /// condition, found through the new index, and the old index is gone.
  @Test func storedTagValuesAreFlaggedOnUpgrade() throws {
    try Self.upgrade(from: "library-catalogue-state-v1") { db in
      try db.execute(
        sql: """
          INSERT INTO song (id, path, title, artist, album, albumArtist, artistMbids, playCount, tagsStored)
          VALUES (3, '/music/a.mp3', 'Old', 'Kelvin', 'Old Album', 'Kelvin', '[]', 4, 2);
          """)
      for (position, value) in ["\u{212A}elvin", "Kelvin", "a\u{37E}", "Zoë"].enumerated() {
        try db.execute(
          sql: "INSERT INTO songTag (songId, name, value, position) VALUES (3, 'artist', ?, ?)", arguments: [value, position])
      }
      // A String argument ends at its NUL; SQL can still store one.
      try db.execute(sql: "INSERT INTO songTag (songId, name, value, position) VALUES (3, 'artist', 'b' || char(0) || 'c', 9)")
    } check: { library throws in
      let flagged = try library.pool.read { db in
        try String.fetchAll(db, sql: "SELECT value FROM songTag WHERE lookalike = 1 ORDER BY position")
      }
      // Scalars (Swift's String equality takes the Kelvin sign for a "K"); a String read of "b\0c" ends at the NUL.
      #expect(flagged.map { Array($0.unicodeScalars) } == [["\u{212A}", "e", "l", "v", "i", "n"], ["a", "\u{37E}"], ["b"]])
      #expect(try library.readSongs { try $0.songIDs(tagged: "artist", equalToASCII: "KELVIN") } == [3, 3, 3, 3])
      let indexes = try library.pool.read { db in
        try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'songTag'")
      }
      #expect(indexes.contains("songTag_lookalike") && !indexes.contains("songTag_asciiLookalike"), "\(indexes)")
      #expect(try library.pool.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
    }
  }

  /// An exact title or album is found through the full-text index and compared exactly: apostrophes,
  /// punctuation, case and accents as the words see them, names written without spaces and names of
  /// symbols alone (which the index does not hold, so those walk the songs).
  @Test(arguments: [LibraryQuery.TextField.title, .album])
  func exactNamesThroughTheirWordsMatchAsAComparisonDoes(_ field: LibraryQuery.TextField) throws {
    let temp = try TempLibrary()
    let titles = [
      "Don’t Look Back", "DON’T LOOK BACK", "Dont Look Back", "Don’t Look Back Again", "AC/DC Live", "ac/dc live", "Zoë",
      "ZOë", "Zoe", "東京タワー", "東京", "🔥", "🔥🔥", "Café", "Cafe\u{301}", "e\u{301}", "x\u{301}\u{302}", "Don't Look Back",
    ]
    try temp.library.pool.write { db in
      for (index, title) in titles.enumerated() {
        var song = Song(path: "/music/\(index).mp3", title: title, artist: "A", album: title)
        try song.insert(db)
      }
    }
    for value in titles + ["don’t look back", "Look Back", "zoë", "tower"] {
      for ignoringCase in [false, true] {
        let query = LibraryQuery(terms: [.exact(field, value, ignoringCase: ignoringCase, negated: false)])
        let found = Set(try temp.library.songs(matching: query).map(\.title))
        // SQLite's `=` and its ASCII-only NOCASE, as the comparison without the index was.
        let expected = Set(
          titles.filter {
            ignoringCase
              ? Array($0.utf8).map(DefaultOrder.fold) == Array(value.utf8).map(DefaultOrder.fold)
              : Array($0.utf8) == Array(value.utf8)
          })
        #expect(found == expected, "\(value) ignoring case: \(ignoringCase)")
      }
    }
  }
}
