// The query language: parsing (each field, ranges, quotes, negation, sort, limit, errors) and what
// each query finds in a small library, including case and diacritics folding by the FTS index.
import Foundation
import GRDB
import Testing

@testable import TunesLibrary

@Suite struct QueryTests {
  let temp: TempLibrary

  init() throws {
    temp = try TempLibrary()
    let songs: [Song] = [
      Song(
        path: "/music/zoe/trees/01.mp3", title: "Café Blues", artist: "Zoë Keating", album: "Into the Trees",
        trackNumber: 1, year: 2010, genre: "Classical", durationMs: 200_000, playCount: 3),
      Song(
        path: "/music/daft/discovery/01.mp3", title: "One More Time", artist: "Daft Punk", album: "Discovery",
        trackNumber: 1, year: 2001, genre: "House", durationMs: 320_000, playCount: 10),
      Song(
        path: "/music/daft/discovery/03.mp3", title: "Digital Love", artist: "Daft Punk", album: "Discovery",
        trackNumber: 3, year: 2001, genre: "House", durationMs: 300_000),
      Song(
        path: "/music/daft/homework/07.mp3", title: "Around the World", artist: "Daft Punk", album: "Homework",
        trackNumber: 7, year: 1997, genre: "House", durationMs: 400_000, recordingMbid: "m-around"),
      Song(
        path: "/music/punk/times/01.mp3", title: "Punk Rock Song", artist: "Punk Band", album: "Daft Times",
        trackNumber: 1, year: 2005, genre: "Live", durationMs: 100_000, playCount: 6),
      Song(
        path: "/music/order/power/02.mp3", title: "Blue Monday", artist: "New Order", album: "Power, Corruption & Lies",
        trackNumber: 2, year: 1983, genre: "Synth-pop; Live", durationMs: 450_000),
    ]
    try temp.library.pool.write { db in
      for var song in songs { try song.insert(db) }
    }
  }

  /// Titles found, in the order the query returns them.
  func titles(_ query: String) throws -> [String] {
    try temp.library.songs(matching: query).map(\.title)
  }

  func set(_ query: String) throws -> Set<String> { Set(try titles(query)) }

  // MARK: Full-text words

  @Test func freeWordsArePrefixesFoldedForCaseAndDiacritics() throws {
    #expect(try titles("cafe blu") == ["Café Blues"])
    #expect(try titles("CAFÉ") == ["Café Blues"])
    #expect(try titles("zoe keat") == ["Café Blues"])
    #expect(try set("daft punk") == ["One More Time", "Digital Love", "Around the World", "Punk Rock Song"])
    #expect(try titles("nothing-like-this").isEmpty)
  }

  @Test func freeWordsDoNotSearchTheGenre() throws {
    #expect(try titles("classical").isEmpty)
    #expect(try titles("genre:classical") == ["Café Blues"])
  }

  @Test func textFields() throws {
    #expect(try set("artist:daft") == ["One More Time", "Digital Love", "Around the World"])
    #expect(try set("album:disc") == ["One More Time", "Digital Love"])
    #expect(try set("title:blue") == ["Café Blues", "Blue Monday"])
    #expect(try set("genre:live") == ["Punk Rock Song", "Blue Monday"])
    #expect(try set("albumartist:new") == ["Blue Monday"])
    #expect(try set("ARTIST:zoë") == ["Café Blues"])
  }

  @Test func quotedValuesAreOnePhrase() throws {
    #expect(try set("artist:\"Daft Punk\"") == ["One More Time", "Digital Love", "Around the World"])
    // Same words, other order: a phrase keeps the order.
    #expect(try titles("artist:\"Punk Daft\"").isEmpty)
    #expect(try set("\"more time\"") == ["One More Time"])
    #expect(try set("\"time more\"").isEmpty)
  }

  @Test func yearsAndRanges() throws {
    #expect(try set("year:2001") == ["One More Time", "Digital Love"])
    #expect(try set("year:2001..2005") == ["One More Time", "Digital Love", "Punk Rock Song"])
    #expect(try set("year:2001..") == ["One More Time", "Digital Love", "Punk Rock Song", "Café Blues"])
    #expect(try set("year:..1997") == ["Around the World", "Blue Monday"])
  }

  @Test func playCounts() throws {
    #expect(try set("playcount:>5") == ["One More Time", "Punk Rock Song"])
    #expect(try set("playcount:>=6") == ["One More Time", "Punk Rock Song"])
    #expect(try set("playcount:<3").count == 3)
    #expect(try set("playcount:3") == ["Café Blues"])
    #expect(try set("playcount:1..6") == ["Café Blues", "Punk Rock Song"])
  }

  @Test func paths() throws {
    #expect(try set("path:/music/daft/") == ["One More Time", "Digital Love", "Around the World"])
    #expect(try set("path:homework") == ["Around the World"])
    #expect(try set("-path:/music/daft") == ["Café Blues", "Punk Rock Song", "Blue Monday"])
  }

  @Test func negation() throws {
    #expect(try set("-genre:live") == ["Café Blues", "One More Time", "Digital Love", "Around the World"])
    #expect(try set("-daft") == ["Café Blues", "Blue Monday"])
    #expect(try set("genre:house -title:digital") == ["One More Time", "Around the World"])
    #expect(try set("daft -year:2001") == ["Around the World", "Punk Rock Song"])
  }

  @Test func negatedYearKeepsSongsWithoutAYear() throws {
    try temp.library.pool.write { db in
      var song = Song(path: "/music/x.mp3", title: "Undated", artist: "Nobody")
      try song.insert(db)
    }
    #expect(try set("-year:1983..2010") == ["Undated"])
  }

  // MARK: Order and limit

  @Test func defaultOrderIsAlbumArtistAlbumDiscTrackPath() throws {
    #expect(
      try titles("") == [
        "One More Time", "Digital Love", "Around the World", "Blue Monday", "Punk Rock Song", "Café Blues",
      ])
  }

  @Test func sortKeysAndLimit() throws {
    #expect(
      try titles("sort:year") == [
        "Blue Monday", "Around the World", "One More Time", "Digital Love", "Punk Rock Song", "Café Blues",
      ])
    #expect(try titles("sort:-playcount limit:2") == ["One More Time", "Punk Rock Song"])
    #expect(try titles("genre:house sort:title") == ["Around the World", "Digital Love", "One More Time"])
    #expect(try titles("artist:daft sort:-title") == ["One More Time", "Digital Love", "Around the World"])
    #expect(try titles("sort:duration limit:1") == ["Punk Rock Song"])
    #expect(try titles("sort:-duration limit:1") == ["Blue Monday"])
    #expect(try titles("sort:year,-title limit:4") == ["Blue Monday", "Around the World", "One More Time", "Digital Love"])
    #expect(try titles("sort:artist sort:-year limit:3") == ["One More Time", "Digital Love", "Around the World"])
    #expect(try titles("sort:-albumartist limit:2") == ["Café Blues", "Punk Rock Song"])
    #expect(try titles("limit:0").isEmpty)
    #expect(try set("sort:random").count == 6)
  }

  @Test func sortByLastPlayedAndAdded() throws {
    let around = try #require(try temp.library.songs(matching: "around").first?.id)
    try temp.library.recordPlay(songID: around, at: Date())
    #expect(try titles("sort:-lastplayed limit:1") == ["Around the World"])
    #expect(try titles("sort:added limit:1") == ["Café Blues"])  // inserted first
    #expect(try titles("sort:-added limit:1") == ["Blue Monday"])
  }

  // MARK: Safety

  @Test func valuesAreNeverPastedIntoSQLOrFTSSyntax() throws {
    #expect(try titles("title:\"x' OR 1=1 --\"").isEmpty)
    #expect(try titles("AND OR NOT NEAR").isEmpty)
    #expect(try titles("blue*").count == 2)
    // Quoted, so that the whole text is the one path value (a bare "--" would be a term without words).
    #expect(try titles("path:\"'; DROP TABLE song; --\"").isEmpty)
    #expect(try temp.count("SELECT count(*) FROM song") == 6)
  }

  @Test func punctuationBetweenWordsSeparatesThem() throws {
    #expect(try titles("album:\"corruption & lies\"") == ["Blue Monday"])
    #expect(try titles("power, corruption") == ["Blue Monday"])
    #expect(try LibraryQuery.parse("AC/DC").terms == [.text(.any, words: ["AC", "DC"], phrase: false, negated: false)])
  }

  // MARK: Parsing

  @Test func parsesEveryKindOfTerm() throws {
    let query = try LibraryQuery.parse(
      "cafe -genre:live artist:\"Daft Punk\" year:2001.. -path:/x playcount:<2 sort:-year,title limit:5")
    #expect(
      query.terms == [
        .text(.any, words: ["cafe"], phrase: false, negated: false),
        .text(.genre, words: ["live"], phrase: false, negated: true),
        .text(.artist, words: ["Daft", "Punk"], phrase: true, negated: false),
        .number(.year, LibraryQuery.NumberRange(lower: 2001, upper: nil), negated: false),
        .path("/x", negated: true),
        .number(.playCount, LibraryQuery.NumberRange(lower: nil, upper: 1), negated: false),
      ])
    #expect(query.sort == [LibraryQuery.Sort(.year, descending: true), LibraryQuery.Sort(.title)])
    #expect(query.limit == 5)
  }

  @Test func commandLineArgumentsWithSpacesAreQuotedValues() throws {
    let query = try LibraryQuery.parse(arguments: ["artist:Daft Punk", "-genre:Synth pop", "one more"])
    #expect(
      query.terms == [
        .text(.artist, words: ["Daft", "Punk"], phrase: true, negated: false),
        .text(.genre, words: ["Synth", "pop"], phrase: true, negated: true),
        .text(.any, words: ["one", "more"], phrase: true, negated: false),
      ])
  }

  @Test(arguments: [
    ("foo:bar", "foo:bar", 1, "unknown field"),
    ("daft  size:3", "size:3", 7, "unknown field"),
    ("year:abc", "year:abc", 1, "bad range"),
    ("year:2005..2001", "year:2005..2001", 1, "bad range"),
    ("year:..", "year:..", 1, "bad range"),
    ("x playcount:>a", "playcount:>a", 3, "bad range"),
    ("artist:\"Daft Punk", "artist:\"Daft Punk", 8, "unterminated quote"),
    ("ok \"open", "\"open", 4, "unterminated quote"),
    ("sort:bogus", "sort:bogus", 1, "unknown sort key"),
    ("-sort:year", "-sort:year", 1, "cannot be negated"),
    ("limit:x", "limit:x", 1, "whole number"),
    ("limit:-1", "limit:-1", 1, "whole number"),
    ("artist:", "artist:", 1, "needs a value"),
    // A query or a field with no word would match every song, not none (punctuation among free words
    // only separates them: QueryFreeTextAndFieldTests).
    ("&", "&", 1, "no letters or digits"),
    ("daft title:🔥", "title:🔥", 6, "no letters or digits"),
    ("🔥", "🔥", 1, "no letters or digits"),
    ("-& \"!\"", "-&", 1, "no letters or digits"),
  ])
  func badQueriesNameTheTokenAndPosition(query: String, token: String, position: Int, words: String) throws {
    do {
      _ = try LibraryQuery.parse(query)
      Issue.record("no error for \(query)")
    } catch {
      guard case .badQuery(let errorToken, let errorPosition, let reason) = error else {
        Issue.record("wrong error \(error)")
        return
      }
      #expect(errorToken == token)
      #expect(errorPosition == position)
      #expect(reason.contains(words), "\(reason)")
    }
    #expect(throws: LibraryError.self) { try temp.library.songs(matching: query) }
  }

  @Test func generatedSQLBindsEveryValue() throws {
    let compiled = try LibraryQuery.parse("zoë artist:x year:1990..2000 path:/a -genre:b playcount:>1 limit:3").compiled()
    #expect(!compiled.songsSQL.contains("zoë") && !compiled.songsSQL.contains("1990") && !compiled.songsSQL.contains("/a"))
    #expect(compiled.whereArguments.isEmpty == false)
  }

  @Test func ftsIndexIsUsedForWords() throws {
    let compiled = try LibraryQuery.parse("cafe artist:zoe").compiled()
    let plan = try temp.library.pool.read { db in
      try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + compiled.songsSQL, arguments: compiled.whereArguments)
        .map { $0["detail"] as String }
    }
    #expect(plan.contains { $0.contains("VIRTUAL TABLE INDEX") })
    // The songs are looked up by rowid from the FTS hits, never by walking the song table.
    #expect(!plan.contains { $0.hasPrefix("SCAN song ") || $0 == "SCAN song" }, "\(plan)")
  }

  /// An exact genre is two index searches, the genre column's and the one of the values stored one by
  /// one, never a walk over every song (three times slower at 100k songs).
  @Test func exactGenreSearchesItsIndexes() throws {
    for text in ["genre:=Jazz", "genre:=~jazz"] {
      let compiled = try LibraryQuery.parse(text).compiled()
      let plan = try temp.library.pool.read { db in
        try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + compiled.songsSQL, arguments: compiled.whereArguments)
          .map { $0["detail"] as String }
      }
      #expect(plan.contains { $0.contains("song_genre") } && plan.contains { $0.contains("songTag_value") }, "\(plan)")
      #expect(!plan.contains { $0.hasPrefix("SCAN song ") || $0 == "SCAN song" }, "\(text): \(plan)")
    }
    // Songs without a genre are among those not of one.
    try temp.library.pool.write { db in try db.execute(sql: "UPDATE song SET genre = NULL WHERE genre = 'Classical'") }
    #expect(try set("-genre:=House") == ["Café Blues", "Punk Rock Song", "Blue Monday"])
    #expect(try set("-genre:=~house") == ["Café Blues", "Punk Rock Song", "Blue Monday"])
    #expect(try set("genre:=~HOUSE") == ["One More Time", "Digital Love", "Around the World"])
    #expect(try set("genre:=house").isEmpty)
  }
}

/// Artist and album listings and the stats over an indexed library (the indexer fills the artist and
/// album tables), with a compilation whose album artist has no song of its own.
@Suite struct ListingTests {
  let temp: TempLibrary

  init() throws {
    temp = try TempLibrary()
    try temp.write("air/1.mp3", ["title": "One", "artist": "Air", "album": "Moon Safari", "year": "1998", "duration": "300000"])
    try temp.write("air/2.mp3", ["title": "Two", "artist": "Air", "album": "Moon Safari", "year": "1998", "duration": "200000"])
    try temp.write("beck/1.mp3", ["title": "Three", "artist": "Beck", "album": "Odelay", "year": "1996", "duration": "100000"])
    try temp.write(
      "mix/1.mp3", ["title": "Four", "artist": "Air", "album": "Mix", "albumartist": "Various Artists", "year": "2005"])
    try temp.write(
      "mix/2.mp3", ["title": "Five", "artist": "Zoë", "album": "Mix", "albumartist": "Various Artists", "year": "2005"])
    _ = try temp.index()
  }

  @Test func statsCountTheArtistsAndAlbumsThatListingsShow() throws {
    #expect(try temp.library.artists().map(\.name) == ["Air", "Beck", "Zoë"])
    #expect(try temp.count("SELECT count(*) FROM artist") == 4)  // and Various Artists
    let stats = try temp.library.stats()
    #expect(stats.artists == 3)
    #expect(stats.albums == 3)
    #expect(stats.albums == (try temp.library.albums()).count)
  }

  func albums(_ query: String) throws -> [String] { try temp.library.albums(matching: LibraryQuery.parse(query)).map(\.title) }
  func artists(_ query: String) throws -> [String] { try temp.library.artists(matching: LibraryQuery.parse(query)).map(\.name) }

  @Test func albumsSortByTheirOwnKeys() throws {
    let five = try #require(try temp.library.songs(matching: "five").first?.id)
    for _ in 1...3 { try temp.library.recordPlay(songID: five, at: Date(timeIntervalSince1970: 1_600_000_000)) }
    #expect(try albums("") == ["Moon Safari", "Odelay", "Mix"])  // Air, Beck, Various Artists
    #expect(try albums("sort:-year") == ["Mix", "Moon Safari", "Odelay"])
    #expect(try albums("sort:year limit:2") == ["Odelay", "Moon Safari"])
    #expect(try albums("sort:album") == ["Mix", "Moon Safari", "Odelay"])
    #expect(try albums("sort:-albumartist") == ["Mix", "Odelay", "Moon Safari"])
    #expect(try albums("sort:-artist") == ["Mix", "Odelay", "Moon Safari"])
    #expect(try albums("sort:-duration") == ["Moon Safari", "Odelay", "Mix"])
    #expect(try albums("sort:-playcount limit:1") == ["Mix"])
    #expect(try albums("sort:-lastplayed limit:1") == ["Mix"])
    #expect(try albums("sort:added") == ["Moon Safari", "Odelay", "Mix"])  // indexed folder by folder: air, beck, mix
    #expect(try albums("sort:-added") == ["Mix", "Odelay", "Moon Safari"])
    #expect(Set(try albums("sort:random")) == ["Mix", "Moon Safari", "Odelay"])
  }

  @Test func artistsSortByTheirOwnKeys() throws {
    let three = try #require(try temp.library.songs(matching: "three").first?.id)
    try temp.library.recordPlay(songID: three, at: Date(timeIntervalSince1970: 1_600_000_000))
    #expect(try artists("") == ["Air", "Beck", "Zoë"])
    #expect(try artists("sort:-artist") == ["Zoë", "Beck", "Air"])
    #expect(try artists("sort:-duration") == ["Air", "Beck", "Zoë"])  // 501 s, 100 s, 1 s
    #expect(try artists("sort:-playcount limit:1") == ["Beck"])
    #expect(try artists("sort:-lastplayed limit:1") == ["Beck"])
    #expect(try artists("sort:-added") == ["Zoë", "Beck", "Air"])
  }

  @Test(arguments: [
    ("albums", "sort:title", "sort:title", 1), ("albums", "air sort:-title", "sort:-title", 5),
    ("artists", "sort:year", "sort:year", 1), ("artists", "sort:artist,album", "sort:album", 1),
    ("artists", "x sort:albumartist", "sort:albumartist", 3),
  ])
  func sortKeysAListingDoesNotHaveAreRefused(listing: String, query: String, token: String, position: Int) throws {
    do {
      _ = try listing == "albums" ? albums(query) : artists(query)
      Issue.record("no error for \(listing) \(query)")
    } catch let error as LibraryError {
      guard case .badQuery(let errorToken, let errorPosition, let reason) = error else {
        Issue.record("wrong error \(error)")
        return
      }
      #expect(errorToken == token)
      #expect(errorPosition == position)
      #expect(reason.hasPrefix("\(listing) cannot be sorted by"), "\(reason)")
    }
  }
}

@Suite struct SongRecordTests {
  @Test func songRoundTripsThroughTheDatabaseWithEveryField() throws {
    let temp = try TempLibrary()
    var song = Song(
      path: "/m/x.mp3", title: "T", artist: "A", album: "B", albumArtist: "C", trackNumber: 2, discNumber: 1, year: 1999,
      genre: "G", durationMs: 1234, recordingMbid: "r", releaseMbid: "l", artistMbids: ["a1", "a2"], playCount: 4,
      lastPlayedAt: Date(timeIntervalSince1970: 1_700_000_000))
    song.trackTotal = 12
    song.discTotal = 2
    try temp.library.pool.write { db in try song.insert(db) }
    let id = try #require(song.id)
    let read = try #require(try temp.library.song(id: id))
    #expect(read == song)
    // The insert wrote the full-text row too.
    #expect(try temp.library.songs(matching: "title:t").map(\.id) == [song.id])
  }

  @Test func recordPlayCountsAndKeepsTheFullTextIndex() throws {
    let temp = try TempLibrary()
    var song = Song(path: "/m/y.mp3", title: "Yonder", artist: "Z")
    try temp.library.pool.write { db in try song.insert(db) }
    let when = Date(timeIntervalSince1970: 1_600_000_000)
    try temp.library.recordPlay(songID: song.id!, at: when)
    try temp.library.recordPlay(songID: song.id!, at: when)
    let read = try #require(try temp.library.song(id: song.id!))
    #expect(read.playCount == 2)
    #expect(read.lastPlayedAt == when)
    #expect(try temp.library.songs(matching: "yond").count == 1)
    // Listings read the date from the row's own text, with its milliseconds.
    let later = Date(timeIntervalSince1970: 1_600_000_000.25)
    try temp.library.recordPlay(songID: song.id!, at: later)
    #expect(try temp.library.songs(matching: "yond").map(\.lastPlayedAt) == [later])
    try temp.library.pool.write { db in
      try db.execute(sql: "INSERT INTO song_ft(song_ft, rank) VALUES('integrity-check', 1)")
    }
  }
}
