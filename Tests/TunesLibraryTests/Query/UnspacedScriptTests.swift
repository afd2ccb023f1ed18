// Words of scripts written without spaces (Chinese, Japanese) are found anywhere in the text, since the
// full-text index holds a whole title of them as one token; words of other scripts keep the index.
import Foundation
import GRDB
import Testing

@testable import TunesLibrary

@Suite struct UnspacedScriptTests {
  let temp: TempLibrary

  init() throws {
    temp = try TempLibrary()
    let songs: [Song] = [
      Song(path: "/m/1.mp3", title: "東京タワー", artist: "Yuki", album: "夜の街"),
      Song(path: "/m/2.mp3", title: "タワーレコード (Frozen Mix)", artist: "Aoi", album: "Singles"),
      Song(path: "/m/3.mp3", title: "Frozen Tower", artist: "大阪バンド", album: "North"),
      Song(path: "/m/4.mp3", title: "京都", artist: "Yuki", album: "Singles", genre: "ポップ"),
    ]
    try temp.library.pool.write { db in
      for var song in songs { try song.insert(db) }
    }
  }

  func titles(_ query: String) throws -> Set<String> { Set(try temp.library.songs(matching: query).map(\.title)) }

  @Test func aWordInsideAnUnspacedTitleIsFound() throws {
    #expect(try titles("タワー") == ["東京タワー", "タワーレコード (Frozen Mix)"])
    #expect(try titles("京") == ["東京タワー", "京都"])
    #expect(try titles("バンド") == ["Frozen Tower"])  // free words search the artist too
    #expect(try titles("title:タワー") == ["東京タワー", "タワーレコード (Frozen Mix)"])
    #expect(try titles("album:街") == ["東京タワー"])
    #expect(try titles("genre:ポ") == ["京都"])
  }

  @Test func unspacedAndIndexedWordsCombineAndNegate() throws {
    #expect(try titles("タワー frozen") == ["タワーレコード (Frozen Mix)"])
    #expect(try titles("-title:タワー") == ["Frozen Tower", "京都"])
    #expect(try titles("frozen -タワー") == ["Frozen Tower"])
    #expect(try titles(#""京タ""#) == ["東京タワー"])
    #expect(try titles(#"title:"タワー レコード""#).isEmpty)
    // Latin words keep the index's prefix matching and folding.
    #expect(try titles("towe") == ["Frozen Tower"])
    #expect(try titles("ower").isEmpty)
  }

  @Test func onlyHanAndKanaWordsLeaveTheIndex() {
    #expect(LibraryQuery.splitByScript(["東京", "tower", "ｶﾀ", "한국"], phrase: false) == (["tower", "한국"], ["東京", "ｶﾀ"]))
    #expect(LibraryQuery.splitByScript(["a", "京"], phrase: true) == ([], ["a 京"]))
  }

  @Test func theFirstBareDoubleDashEndsTheOptions() throws {
    #expect(try LibraryQuery.parse(arguments: ["--", "-genre:live"]) == LibraryQuery.parse("-genre:live"))
    #expect(throws: LibraryError.self) { try LibraryQuery.parse(arguments: ["--", "--"]) }
  }
}
