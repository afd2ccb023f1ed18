// JSONWriter must print exactly what JSONSerialization printed before it ([.sortedKeys,
// .withoutEscapingSlashes]), and give up on what it cannot spell the same way.
import Foundation
import Testing
import TunesCore

@Suite struct JSONWriterTests {
  func serialized(_ value: Any) throws -> String {
    String(
      decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
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

  @Test func givesUpOnWhatItCannotSpellTheSame() {
    #expect(JSONWriter.data(["ratio": 1.5]) == nil)
    #expect(JSONWriter.data(["key_2": 1]) == nil)
    #expect(JSONWriter.data([Date()]) == nil)
  }

  /// Every `--json` is JSONText's one style: compact, keys sorted, slashes as they are, whichever way
  /// the value is written.
  @Test func jsonTextWritesOneStyle() throws {
    struct Model: Encodable { var path = "/a/b"; var zebra = 1; var apple: Bool? = true }
    let expected = #"{"apple":true,"path":"/a/b","zebra":1}"#
    #expect(JSONText.string(encoding: Model()) == expected)
    #expect(
      String(decoding: JSONText.data(["path": "/a/b", "zebra": 1, "apple": true] as [String: Any]), as: UTF8.self) == expected)
    // Parsed JSON holds its booleans as NSNumbers: written as booleans, not as the integers they also are.
    let parsed = try JSONSerialization.jsonObject(with: Data(#"{"zebra":1,"path":"/a/b","apple":true}"#.utf8))
    #expect(String(decoding: JSONText.data(serializing: parsed), as: UTF8.self) == expected)
  }
}
