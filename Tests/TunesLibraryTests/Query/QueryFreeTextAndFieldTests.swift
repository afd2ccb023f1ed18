// The query language as users type it: punctuation between free words separates them (never an error,
// unless nothing else is left to search for), `comp:` selects compilations, and an unknown field's
// error names the field most likely meant.
import Foundation
import Testing
import TunesTags

@testable import TunesLibrary

@Suite struct QueryFreeTextAndFieldTests {
  /// rock.mp3 "Rock & Roll Heart", a compilation's sampler.mp3, and plain.mp3.
  static func library() throws -> TempLibrary {
    let temp = try TempLibrary()
    for name in ["rock", "sampler", "plain"] { try temp.write(name + ".mp3", ["n": name]) }
    _ = try temp.library.index(
      paths: [temp.music],
      options: TagStorageTests.options { path in
        var tags = TagSet()
        tags.artist = "Lou Reed"
        switch (path as NSString).lastPathComponent {
        case "rock.mp3":
          tags.title = "Rock & Roll Heart"
          // As the tag readers store it, whatever the file's spelling (MBID.normalized).
          tags.recordingMbid = "8f3471b5-7e6a-48da-86a9-c1c07a0f47ae"
          tags.artistMbids = ["0b4f1a2c-1111-4222-8333-444455556666"]
        case "sampler.mp3":
          tags.title = "Blue Sampler"
          tags.artist = "Various"
          tags.isCompilation = true
        default:
          tags.title = "Plain Song"
        }
        return tags
      })
    return temp
  }

  func names(_ temp: TempLibrary, _ query: LibraryQuery) throws -> [String] {
    try temp.library.songs(matching: query).map { ($0.path as NSString).lastPathComponent }.sorted()
  }

  func names(_ temp: TempLibrary, _ query: String) throws -> [String] { try names(temp, LibraryQuery.parse(query)) }

  func reason(_ query: String) -> String? {
    do {
      _ = try LibraryQuery.parse(query)
      return nil
    } catch {
      guard case .badQuery(_, _, let reason) = error else { return "\(error)" }
      return reason
    }
  }

  @Test func punctuationAmongFreeWordsSeparatesThem() throws {
    let temp = try Self.library()
    // `tunes search 'Rock & Roll Heart'` hands the parser this one string.
    #expect(try names(temp, "Rock & Roll Heart") == ["rock.mp3"])
    #expect(try names(temp, LibraryQuery.parse(arguments: ["Rock", "&", "Roll", "Heart"])) == ["rock.mp3"])
    #expect(try names(temp, "rock - roll ... heart !") == ["rock.mp3"])
    #expect(try LibraryQuery.parse("blue -&").terms == [.text(.any, words: ["blue"], phrase: false, negated: false)])
    #expect(try LibraryQuery.parse("\"&\" cafe").terms == [.text(.any, words: ["cafe"], phrase: false, negated: false)])
    // The query language's own marks keep their meaning next to punctuation.
    #expect(try names(temp, "& -plain ,") == ["rock.mp3", "sampler.mp3"])
  }

  @Test func aQueryOfPunctuationAloneIsStillAnError() {
    for query in ["&", "& 🔥", "-& sort:title", "\"&\""] {
      #expect(reason(query)?.contains("no letters or digits") == true, "\(query)")
    }
    // A field's value of nothing but punctuation would match every song: still refused.
    #expect(reason("rock title:&")?.contains("no letters or digits") == true)
  }

  @Test func compSelectsCompilations() throws {
    let temp = try Self.library()
    #expect(try names(temp, "comp:true") == ["sampler.mp3"])
    #expect(try names(temp, "comp:1") == ["sampler.mp3"])
    #expect(try names(temp, "comp:false") == ["plain.mp3", "rock.mp3"])
    #expect(try names(temp, "-comp:true") == ["plain.mp3", "rock.mp3"])
    #expect(try names(temp, "blue comp:yes") == ["sampler.mp3"])
    #expect(try names(temp, "COMPILATION:no rock") == ["rock.mp3"])
    #expect(reason("comp:maybe")?.contains("comp: takes true or false") == true)
    #expect(reason("comp:=true")?.contains("comp: takes true or false") == true)
  }

  @Test func anUnknownFieldNamesTheNearestOne() {
    #expect(reason("artst:reed")?.contains("unknown field \"artst\"; did you mean artist?") == true)
    #expect(reason("musicbrainz_trakid:x")?.contains("did you mean musicbrainz_trackid?") == true)
    #expect(reason("compp:true")?.contains("did you mean comp?") == true)
    #expect(reason("yaer:2001")?.contains("did you mean year?") == true)
    // Nothing close: no guess, the list of fields.
    #expect(reason("zz:x")?.contains("did you mean") == false)
    #expect(reason("zz:x")?.contains("one of artist, album") == true)
  }

  /// A MusicBrainz id is found by the spelling the file gives it (capitals, braces, no hyphens) as by
  /// the canonical one the library stores.
  @Test func musicBrainzIDsAreFoundInEverySpelling() throws {
    let temp = try Self.library()
    for id in [
      "8f3471b5-7e6a-48da-86a9-c1c07a0f47ae", "{8F3471B5-7E6A-48DA-86A9-C1C07A0F47AE}", "8F3471B57E6A48DA86A9C1C07A0F47AE",
    ] {
      #expect(try names(temp, "mb_trackid:\(id)") == ["rock.mp3"], "\(id)")
      #expect(try names(temp, "musicbrainz_trackid:=\(id)") == ["rock.mp3"], "\(id)")
    }
    #expect(try names(temp, "mb_artistid:{0B4F1A2C-1111-4222-8333-444455556666}") == ["rock.mp3"])
    // Part of an id is still a substring match.
    #expect(try names(temp, "mb_trackid:8F3471B5") == ["rock.mp3"])
  }
}
