// The hand-written row decoding of Song and the date text the library stores, checked against what
// GRDB itself writes and reads (the Codable record path and its DateFormatter).
import Foundation
import GRDB
import Testing
import TunesTestSupport

@testable import TunesLibrary

@Suite struct SongDecodingTests {
  @Test func everyColumnSurvivesAnInsertAndAFetch() throws {
    let temp = try TempLibrary()
    var song = Song(
      path: "/music/a.mp3", title: "Title", artist: "Artist", album: "Album", albumArtist: "Band",
      trackNumber: 3, discNumber: 2, year: 1999, genre: "Rock", durationMs: 123_456, recordingMbid: "rec",
      releaseMbid: "rel", artistMbids: ["m1", "m2"], playCount: 7,
      lastPlayedAt: Date(timeIntervalSince1970: 1_700_000_000.25))
    song.trackTotal = 12
    song.discTotal = 2
    try temp.library.pool.write { db in try song.insert(db) }
    let fetched = try temp.library.song(path: "/music/a.mp3")
    #expect(fetched == song)
    #expect(fetched?.artistMbids == ["m1", "m2"])
  }

  @Test func absentValuesStayAbsent() throws {
    let temp = try TempLibrary()
    var song = Song(path: "/music/b.mp3", title: "B", artist: "A")
    try temp.library.pool.write { db in try song.insert(db) }
    let fetched = try #require(try temp.library.song(path: "/music/b.mp3"))
    #expect(fetched == song)
    #expect(fetched.lastPlayedAt == nil && fetched.trackNumber == nil && fetched.artistMbids.isEmpty)
  }

  @Test func badMbidJSONIsAnError() throws {
    let temp = try TempLibrary()
    var song = Song(path: "/music/c.mp3", title: "C", artist: "A")
    try temp.library.pool.write { db in
      try song.insert(db)
      try db.execute(sql: "UPDATE song SET artistMbids = 'not json' WHERE id = ?", arguments: [song.id])
    }
    #expect(throws: (any Error).self) { try temp.library.song(path: "/music/c.mp3") }
  }

  @Test(arguments: [0.0, 1_700_000_000.123, 1_700_000_000.9999, -1.5, 951_782_400.5, 4_102_444_799.999])
  func timestampTextIsGRDBs(_ seconds: Double) throws {
    let date = Date(timeIntervalSince1970: seconds)
    let grdb = try #require(String.fromDatabaseValue(date.databaseValue))
    #expect(DatabaseTimestamp.text(date) == grdb)
  }

  @Test(arguments: ["2023-11-14 22:13:20.123", "1970-01-01 00:00:00.000", "2000-02-29 12:00:00.500", "1969-12-31 23:59:58.500"])
  func timestampReadingIsGRDBs(_ text: String) throws {
    let grdb = try #require(Date.fromDatabaseValue(text.databaseValue))
    let ours = try #require(DatabaseTimestamp.date(text.databaseValue))
    #expect(abs(ours.timeIntervalSince(grdb)) < 0.000_001)
  }

  @Test func timestampArithmeticAgreesWithTimegmAcrossCenturies() {
    var random = SplitMix(state: 11)
    for _ in 0..<20_000 {
      let year = 1601 + Int(random.next() % 800), month = 1 + Int(random.next() % 12), day = 1 + Int(random.next() % 31)
      var parts = tm()
      parts.tm_year = Int32(year - 1900)
      parts.tm_mon = Int32(month - 1)
      parts.tm_mday = Int32(day)
      let seconds = timegm(&parts)
      let real = parts.tm_mday == Int32(day)  // timegm moves 31 April to 1 May
      #expect((day <= DatabaseTimestamp.daysIn(month: month, year: year)) == real, "\(year)-\(month)-\(day)")
      if real { #expect(DatabaseTimestamp.daysSince1970(year: year, month: month, day: day) * 86_400 == seconds) }
    }
    #expect(DatabaseTimestamp.parse("2024-02-29 23:59:59.999") != nil)
    #expect(DatabaseTimestamp.parse("2023-02-29 00:00:00.000") == nil)
    #expect(DatabaseTimestamp.parse("1900-02-29 00:00:00.000") == nil)
  }

  @Test func otherDateFormsAreLeftToGRDB() throws {
    #expect(DatabaseTimestamp.parse("2023-11-14 22:13:20") == nil)
    #expect(DatabaseTimestamp.parse("2023-04-31 00:00:00.000") == nil)
    let short = try #require(DatabaseTimestamp.date("2023-11-14 22:13:20".databaseValue))
    #expect(short == Date.fromDatabaseValue("2023-11-14 22:13:20".databaseValue))
    let number = try #require(DatabaseTimestamp.date(1_700_000_000.databaseValue))
    #expect(number == Date(timeIntervalSince1970: 1_700_000_000))
    #expect(DatabaseTimestamp.date(DatabaseValue.null) == nil)
  }
}
