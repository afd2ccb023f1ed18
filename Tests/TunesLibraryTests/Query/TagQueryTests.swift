// The query language over every stored tag: beets' names and MPD's aliases, one value of a multi-valued
// tag, exact and regular-expression matches, and date ranges at the precision tagged.
import Foundation
import Testing
import TunesTags

@testable import TunesLibrary

@Suite struct TagQueryTests {
  /// Three songs: a.mp3 with every tag, b.mp3 and c.mp3 with a few.
  static func library() throws -> TempLibrary {
    let temp = try TempLibrary()
    for name in ["a", "b", "c"] { try temp.write(name + ".mp3", ["n": name]) }
    _ = try temp.library.index(
      paths: [temp.music],
      options: TagStorageTests.options { path in
        switch (path as NSString).lastPathComponent {
        case "a.mp3": return TagStorageTests.everyTag()
        case "b.mp3":
          var tags = TagSet()
          tags.title = "Second"
          tags.artist = "Otter; Bach"
          tags.artists = ["Otter", "Bach"]
          tags.genres = ["Pop", "J-Pop"]
          tags.date = "2000-11"
          tags.composers = ["Johann Sebastian Bach"]
          return tags
        default:
          var tags = TagSet()
          tags.title = "Third"
          tags.artist = "Someone"
          tags.date = "2001"
          return tags
        }
      })
    return temp
  }

  func names(_ temp: TempLibrary, _ query: String) throws -> [String] {
    try temp.library.songs(matching: query).map { ($0.path as NSString).lastPathComponent }.sorted()
  }

  @Test func everyTagIsAFieldByBeetsNameAndByMPDs() throws {
    let temp = try Self.library()
    #expect(try names(temp, "composer:bach") == ["b.mp3"])
    #expect(try names(temp, "composer:scott") == ["a.mp3"])
    #expect(try names(temp, "lyricist:storck") == ["a.mp3"])
    #expect(try names(temp, "label:universal") == ["a.mp3"])
    #expect(try names(temp, "isrc:DEF050130090") == ["a.mp3"])
    #expect(try names(temp, "mb_trackid:8f3471b5") == ["a.mp3"])
    #expect(try names(temp, "musicbrainz_trackid:8f3471b5") == ["a.mp3"])
    #expect(try names(temp, "mb_releasegroupid:aa11bb22-cc33-4d44-8e55-ff6677889900") == ["a.mp3"])
    #expect(try names(temp, "mb_workid:0a1b2c3d") == ["a.mp3"])
    #expect(try names(temp, "albumartist_sort:otter") == ["a.mp3"])
    #expect(try names(temp, "albumartistsort:otter") == ["a.mp3"])
    #expect(try names(temp, "work:gesang ensemble:brodsky") == ["a.mp3"])
    #expect(try names(temp, "catalognum:469") == ["a.mp3"])
    #expect(try names(temp, "format:flac bitdepth:24 samplerate:>48000") == ["a.mp3", "b.mp3", "c.mp3"])
    #expect(try names(temp, "bpm:70..80 movementnumber:3") == ["a.mp3"])
    #expect(try names(temp, "-composer:bach") == ["a.mp3", "c.mp3"])
  }

  @Test func oneValueOfAMultiValuedTagFindsTheSong() throws {
    let temp = try Self.library()
    #expect(try names(temp, "genre:=Pop") == ["b.mp3"])
    #expect(try names(temp, "genre:=J-Pop") == ["b.mp3"])
    #expect(try names(temp, "genre:=pop").isEmpty)
    #expect(try names(temp, "genre:=~pop") == ["b.mp3"])
    #expect(try names(temp, "artist:=Bach") == ["b.mp3"])
    #expect(try names(temp, #"artist:=~"elvis costello""#) == ["a.mp3"])
    #expect(try names(temp, "artists:costello") == ["a.mp3"])
    #expect(try names(temp, #"performer:=~"bengt forsberg (piano)""#) == ["a.mp3"])
  }

  @Test func regularExpressionsSearchTheValues() throws {
    let temp = try Self.library()
    #expect(try names(temp, "title::^S.c") == ["b.mp3"])
    #expect(try names(temp, "title::second").isEmpty)
    #expect(try names(temp, "title::(?i)second") == ["b.mp3"])
    #expect(try names(temp, "genre::^J-") == ["b.mp3"])
    #expect(try names(temp, "composer::Sch.bert") == ["a.mp3"])
    #expect(try names(temp, "-title::^(Second|Third)$") == ["a.mp3"])
    #expect(throws: LibraryError.self) { try LibraryQuery.parse("title::(unclosed") }
  }

  @Test func datesCompareAtTheirPrecision() throws {
    let temp = try Self.library()
    // A date tagged as a year alone stands at its start: "2001" is in 2000-11..2001-02, not in 2001-03.
    #expect(try names(temp, "date:2000-11..2001-02") == ["b.mp3", "c.mp3"])
    #expect(try names(temp, "date:2000-11..2001") == ["a.mp3", "b.mp3", "c.mp3"])
    #expect(try names(temp, "date:2001-02..2001-12") == ["a.mp3"])
    #expect(try names(temp, "date:2001") == ["a.mp3", "c.mp3"])
    #expect(try names(temp, "date:2001-03") == ["a.mp3"])
    #expect(try names(temp, "date:..2000") == ["b.mp3"])
    #expect(try names(temp, "original_date:1825") == ["a.mp3"])
    #expect(try names(temp, "originaldate:1800..1900") == ["a.mp3"])
    #expect(throws: LibraryError.self) { try LibraryQuery.parse("date:2001-3") }
    #expect(throws: LibraryError.self) { try LibraryQuery.parse("date:yesterday") }
  }

  @Test func spacedValuesFromTheShellStayOneValue() throws {
    let query = try LibraryQuery.parse(arguments: ["mb_albumartistid:=b10bbbfc cf9e", "composer::Franz S"])
    let ids = try #require(TagField.named("mb_albumartistid"))
    let composer = try #require(TagField.named("composer"))
    #expect(
      query.terms == [
        .tag(ids, .exact("b10bbbfc cf9e", ignoringCase: false), negated: false),
        .tag(composer, .regex("Franz S"), negated: false),
      ])
  }
}
