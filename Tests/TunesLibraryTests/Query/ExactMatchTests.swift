// Exact matches (`field:=value`, `field:=~value`) and names with apostrophes: `obrien` finds "O'Brien".
import Foundation
import GRDB
import Testing

@testable import TunesLibrary

@Suite struct ExactMatchTests {
  let temp: TempLibrary

  init() throws {
    temp = try TempLibrary()
    let songs: [Song] = [
      Song(path: "/music/daft/01.mp3", title: "One More Time", artist: "Daft Punk", album: "Discovery", genre: "House"),
      Song(path: "/music/daft/02.mp3", title: "Daft Punk Is Playing", artist: "LCD Soundsystem", album: "Daft Punk Is Playing"),
      Song(path: "/music/punk/01.mp3", title: "Tribute", artist: "Daft Punk Tribute Band", album: "Covers"),
      Song(path: "/music/air/01.mp3", title: "Sexy Boy", artist: "AIR", album: "Moon Safari"),
      Song(path: "/music/air/02.mp3", title: "Air on the G String", artist: "Air", album: "Suites"),
      Song(path: "/music/obrien/01.mp3", title: "Solitude", artist: "Dónal O'Brien", album: "Reels"),
      Song(path: "/music/obrien/02.mp3", title: "Don’t Look Back", artist: "Ann O’Brien", album: "Reels"),
    ]
    try temp.library.pool.write { db in
      for var song in songs { try song.insert(db) }
    }
  }

  func titles(_ query: String) throws -> Set<String> { Set(try temp.library.songs(matching: query).map(\.title)) }
  func titles(arguments: [String]) throws -> Set<String> {
    Set(try temp.library.songs(matching: LibraryQuery.parse(arguments: arguments)).map(\.title))
  }

  @Test func anExactMatchIsTheWholeValue() throws {
    #expect(try titles(#"artist:="Daft Punk""#) == ["One More Time"])
    // Not `artist:"Daft Punk"`, which also finds the tribute band.
    #expect(try titles(#"artist:"Daft Punk""#) == ["One More Time", "Tribute"])
    #expect(try titles("artist:=Daft").isEmpty)
    #expect(try titles(#"album:="Daft Punk Is Playing""#) == ["Daft Punk Is Playing"])
    #expect(try titles("genre:=House") == ["One More Time"])
  }

  @Test func anExactMatchIsCaseSensitiveUnlessMarkedWithATilde() throws {
    #expect(try titles("artist:=AIR") == ["Sexy Boy"])
    #expect(try titles("artist:=air").isEmpty)
    #expect(try titles("artist:=~air") == ["Sexy Boy", "Air on the G String"])
  }

  @Test func anExactMatchCanBeNegated() throws {
    #expect(try titles(#"punk -artist:="Daft Punk""#) == ["Daft Punk Is Playing", "Tribute"])
    // A song without a genre has no genre "House": it is kept.
    #expect(try titles("-genre:=House").count == 6)
  }

  @Test func onTheCommandLineTheValueMayHoldSpaces() throws {
    #expect(try titles(arguments: ["artist:=Daft Punk"]) == ["One More Time"])
    #expect(try titles(arguments: ["artist:=~daft punk"]) == ["One More Time"])
    #expect(
      try LibraryQuery.parse(arguments: ["-title:=One More Time"]).terms
        == [.exact(.title, "One More Time", ignoringCase: false, negated: true)])
  }

  @Test func freeWordsHaveNoExactForm() throws {
    #expect(throws: LibraryError.self) { try LibraryQuery.parse("year:=2001") }
    #expect(throws: LibraryError.self) { try LibraryQuery.parse("artist:=") }
  }

  @Test func apostrophesAreLeftOutOfWords() throws {
    #expect(try titles("obrien") == ["Solitude", "Don’t Look Back"])
    #expect(try titles("o'brien") == ["Solitude", "Don’t Look Back"])
    #expect(try titles("artist:O’Brien") == ["Solitude", "Don’t Look Back"])
    // The name's parts stay words too.
    #expect(try titles("brien") == ["Solitude", "Don’t Look Back"])
    #expect(try titles("dont look") == ["Don’t Look Back"])
    #expect(try titles("don't") == ["Don’t Look Back"])
    #expect(try titles(#""ann obrien""#) == ["Don’t Look Back"])
  }

  @Test func aLibraryIndexedBeforeFindsItsApostrophesOnceOpened() throws {
    let root = NSTemporaryDirectory() + "tunes-fulltext-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let path = root + "/library.db"
    // A database as the migrations before the folded index left it, a song and its full-text row in it.
    let queue = try DatabaseQueue(path: path)
    try Schema.migrator(areas: everyDatabaseArea).migrate(queue, upTo: "library-generation-v1")
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO song (id, path, title, artist, album, albumArtist) VALUES (7, '/m/a.mp3', 'Solitude', 'Dónal O''Brien', 'Reels', 'Dónal O''Brien');
          INSERT INTO song_ft (rowid, title, artist, album, albumArtist) VALUES (7, 'Solitude', 'Dónal O''Brien', 'Reels', 'Dónal O''Brien');
          """)
    }
    try queue.close()
    let library = try Library(path: path, areas: everyDatabaseArea)
    #expect(try library.songs(matching: "obrien").map(\.title) == ["Solitude"])
    try library.pool.write { db in try db.execute(sql: "INSERT INTO song_ft(song_ft, rank) VALUES ('integrity-check', 1)") }
  }

  @Test func renamedSongsAreFoundByTheirNewNameOnly() throws {
    try temp.library.pool.write { db in
      try db.execute(sql: "UPDATE song SET artist = 'Ann Murphy', albumArtist = 'Ann Murphy' WHERE artist = 'Ann O’Brien'")
    }
    #expect(try titles("obrien") == ["Solitude"])
    #expect(try titles("murphy") == ["Don’t Look Back"])
    try temp.library.pool.write { db in try db.execute(sql: "DELETE FROM song WHERE artist = 'Dónal O''Brien'") }
    #expect(try titles("obrien").isEmpty)
    // The full-text index is consistent with its content after the renames and deletes.
    try temp.library.pool.write { db in
      try db.execute(sql: "INSERT INTO song_ft(song_ft, rank) VALUES ('integrity-check', 1)")
    }
  }
}
