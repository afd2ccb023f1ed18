// Listings write songs field by field (SongJSON) instead of building a dictionary per song: the bytes
// must be those JSONWriter writes for the dictionaries of `JSONOutput.song`.
import Foundation
import Testing
import TunesCore
import TunesLibrary

@testable import tunes

@Suite struct SongJSONTests {
  /// The bytes must be those of the dictionaries of `JSONOutput.song`, which JSONSerialization would
  /// also print (JSONWriterTests, in TunesCoreTests).
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
    var derived = full
    derived.derivedNames = [.title, .albumArtist]
    let songs = [full, totals, bare, derived]
    #expect(Set(SongJSON.keys) == Set(JSONOutput.song(full).keys))
    let expected = try #require(JSONWriter.data(songs.map(JSONOutput.song)))
    #expect(String(decoding: SongJSON.data(songs), as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    #expect(SongJSON.data([]) == Data("[]".utf8))
    // Names no tag gave are null, not the fallbacks the listings show.
    let objects = try #require(try JSONSerialization.jsonObject(with: SongJSON.data(songs)) as? [[String: Any]])
    #expect(objects[2]["title"] is NSNull && objects[2]["artist"] is NSNull && objects[2]["album"] is NSNull)
    #expect(objects[3]["title"] is NSNull && objects[3]["albumArtist"] is NSNull)
    #expect(objects[3]["artist"] as? String == full.artist)
    // Past the first megabyte the array goes out in chunks: none may lose or repeat a byte.
    let many = Array(repeating: songs, count: 1500).joined().map { $0 }
    var chunks = 0
    var joined: [UInt8] = []
    SongJSON.write(many) {
      chunks += 1; joined += $0
    }
    #expect(chunks > 1)
    #expect(joined == Array(try #require(JSONWriter.data(many.map(JSONOutput.song)))))
  }
}
