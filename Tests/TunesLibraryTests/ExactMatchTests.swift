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
    #expect(try LibraryQuery.parse(arguments: ["-title:=One More Time"]).terms
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
