// Song.decodeMbids reads the indexer's plain arrays without JSONDecoder; it must agree with JSONDecoder
// on every input, plain or not.
import Foundation
import Testing

@testable import TunesLibrary

@Suite struct MbidDecodingTests {
  /// nil where JSONDecoder fails: decodeMbids must fail on exactly those inputs.
  func viaJSONDecoder(_ json: String) -> [String]? {
    try? JSONDecoder().decode([String].self, from: Data(json.utf8))
  }

  @Test(arguments: [
    #"["6c899928-f053-46e9-8bcd-d86eed43a3c8"]"#, #"["a","b","c"]"#, #"[""]"#, #"["é☕️"]"#,
    #"[ "a" ]"#, #"["a\"b"]"#, #"["a\u0041"]"#, #"["a",]"#, #"["a""#, #"["a"]x"#, #"{"a":1}"#, "[1]", "",
    "[\"a\u{1}\"]", #"["a","b"]"#.replacingOccurrences(of: ",", with: ", "),
  ])
  func agreesWithJSONDecoder(json: String) {
    #expect((try? Song.decodeMbids(json)) == viaJSONDecoder(json))
  }

  @Test func plainArraysSkipJSONDecoder() throws {
    #expect(Song.plainStringArray(#"["x","y"]"#) == ["x", "y"])
    #expect(Song.plainStringArray(#"["x\"y"]"#) == nil)
    #expect(try Song.decodeMbids(nil) == [])
  }
}
