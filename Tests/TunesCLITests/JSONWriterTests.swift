// JSONWriter must print exactly what JSONSerialization printed before it ([.sortedKeys,
// .withoutEscapingSlashes]), and give up on what it cannot spell the same way.
import Foundation
import Testing
import TunesLibrary

@testable import tunes

@Suite struct JSONWriterTests {
  func serialized(_ value: Any) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
  }

  func written(_ value: Any) throws -> String {
    String(decoding: try #require(JSONWriter.data(value)), as: UTF8.self)
  }

  @Test func songObjectMatchesJSONSerialization() throws {
    let song: [String: Any] = [
      "id": Int64(42), "path": "/music/AC/DC/01 \"Back\" in\\Black.mp3", "title": "Tab\there\nnew\rline\u{8}\u{c}",
      "artist": "Café Blü ☕️ 🎸", "album": "ctrl \u{1}\u{1f}\u{0}", "albumArtist": "ABBA", "trackNumber": 3,
      "trackTotal": NSNull(), "discNumber": 1, "discTotal": NSNull(), "year": 1999, "genre": "Rock/Pop",
      "durationMs": 215_000, "recordingMbid": NSNull(), "releaseMbid": "f1e2", "artistMbids": ["a", "b/c"],
      "playCount": 0, "lastPlayedAt": "2026-11-22T16:00:00Z",
    ]
    #expect(try written([song, song]) == (try serialized([song, song])))
  }

  @Test func emptyAndNestedValuesMatch() throws {
    let value: [String: Any] = [
      "songs": [Any](), "mostPlayed": [["id": 1, "title": "x"]], "ok": true, "failed": false, "Zebra": "z", "apple": -7,
    ]
    #expect(try written(value) == (try serialized(value)))
    #expect(try written([Any]()) == "[]")
  }

  /// Listings write songs field by field (SongJSON); the bytes must be those of the dictionaries of
  /// `JSONOutput.song`, which JSONSerialization would also print (checked above).
  @Test func songsWrittenFieldByFieldMatchTheirDictionaries() throws {
    let full = Song(
      id: 42, path: "/music/AC/DC/01 \"Back\" in\\Black.mp3", title: "Tab\there\nnew\rline\u{8}\u{c}",
      artist: "Café Blü ☕️ 🎸", album: "ctrl \u{1}\u{1f}\u{0}", albumArtist: "ABBA", trackNumber: 3, discNumber: 1,
      year: 1999, genre: "Rock/Pop", durationMs: 215_000, recordingMbid: "5e0a", releaseMbid: "f1e2",
      artistMbids: ["a", "b/c\""], playCount: 7, lastPlayedAt: Date(timeIntervalSince1970: 1_795_000_000))
    var totals = full
    totals.trackTotal = 12
    totals.discTotal = 2
    let bare = Song(path: "/x.mp3", title: "", artist: "")
    let songs = [full, totals, bare]
    #expect(Set(SongJSON.keys) == Set(JSONOutput.song(full).keys))
    let expected = try #require(JSONWriter.data(songs.map(JSONOutput.song)))
    #expect(String(decoding: SongJSON.data(songs), as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    #expect(SongJSON.data([]) == Data("[]".utf8))
    // Past the first megabyte the array goes out in chunks: none may lose or repeat a byte.
    let many = Array(repeating: songs, count: 1500).joined().map { $0 }
    var chunks = 0
    var joined: [UInt8] = []
    SongJSON.write(many) { chunks += 1; joined += $0 }
    #expect(chunks > 1)
    #expect(joined == Array(try #require(JSONWriter.data(many.map(JSONOutput.song)))))
  }

  @Test func givesUpOnWhatItCannotSpellTheSame() {
    #expect(JSONWriter.data(["ratio": 1.5]) == nil)
    #expect(JSONWriter.data(["key_2": 1]) == nil)
    #expect(JSONWriter.data([Date()]) == nil)
  }
}
