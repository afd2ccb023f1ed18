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

  /// Listings read the column's bytes in place; broken UTF-8 must come out as the String reading repairs it.
  @Test func bytesInPlaceReadAsTheRepairedString() throws {
    let inputs: [[UInt8]] = [
      Array(#"["a","b"]"#.utf8), [0x5B, 0x22, 0x61, 0xC3, 0x22, 0x5D], [0x5B, 0x22, 0xFF, 0x22, 0x2C, 0x22, 0x62, 0x22, 0x5D],
      Array("[]".utf8), Array(#"["a"b"]"#.utf8), [0x5B, 0x22, 0xC3, 0xA9, 0x22, 0x5D], [0x5B, 0x31, 0x5D],
    ]
    for bytes in inputs {
      let viaString = try? Song.decodeMbids(String(decoding: bytes, as: UTF8.self))
      let inPlace = bytes.withUnsafeBufferPointer { try? Song.decodeMbids(bytes: $0) }
      #expect(inPlace == viaString, "\(bytes)")
    }
    #expect(try Song.decodeMbids(bytes: nil) == [])
  }

  @Test func plainArraysSkipJSONDecoder() throws {
    #expect(Song.plainStringArray(#"["x","y"]"#) == ["x", "y"])
    #expect(Song.plainStringArray(#"["x\"y"]"#) == nil)
    #expect(try Song.decodeMbids(nil) == [])
  }
}
