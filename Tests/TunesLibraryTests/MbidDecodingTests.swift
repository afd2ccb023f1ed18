// Song.decodeMbids reads the indexer's plain arrays without JSONDecoder; it must agree with JSONDecoder
// on every input, plain or not.
import Foundation
import Testing

@testable import TunesLibrary

@Suite struct MbidDecodingTests {
  /// What JSONDecoder reads from `json`, nil where it fails.
  func viaJSONDecoder(_ json: String) -> [String]? {
    try? JSONDecoder().decode([String].self, from: Data(json.utf8))
  }

  /// Inputs JSONDecoder reads: decodeMbids must read each one, to the same strings. Foundation's decoder
  /// on Linux takes a trailing comma, so decodeMbids does too.
  @Test(arguments: [
    #"["a",]"#, #"["6c899928-f053-46e9-8bcd-d86eed43a3c8"]"#, #"["a","b","c"]"#, #"[""]"#, #"["é☕️"]"#,
    #"[ "a" ]"#, #"["a\"b"]"#, #"["a\u0041"]"#, #"["a","b"]"#.replacingOccurrences(of: ",", with: ", "),
  ])
  func readsWhatJSONDecoderReads(json: String) throws {
    let expected = try #require(viaJSONDecoder(json))
    #expect(try Song.decodeMbids(json) == expected)
  }

  /// Inputs JSONDecoder refuses: decodeMbids must refuse each one too, not read some other value.
  @Test(arguments: [#"["a""#, #"["a"]x"#, #"{"a":1}"#, "[1]", "", "[\"a\u{1}\"]"])
  func refusesWhatJSONDecoderRefuses(json: String) {
    #expect(viaJSONDecoder(json) == nil)
    #expect(throws: (any Error).self) { try Song.decodeMbids(json) }
  }

  /// Listings read the column's bytes in place; broken UTF-8 must come out as the String reading repairs it.
  @Test func bytesInPlaceReadAsTheRepairedString() throws {
    // Each input with whether it reads at all, so that two failures cannot pass for agreement.
    let inputs: [(bytes: [UInt8], reads: Bool)] = [
      (Array(#"["a","b"]"#.utf8), true), ([0x5B, 0x22, 0x61, 0xC3, 0x22, 0x5D], true),
      ([0x5B, 0x22, 0xFF, 0x22, 0x2C, 0x22, 0x62, 0x22, 0x5D], true), (Array("[]".utf8), true),
      (Array(#"["a"b"]"#.utf8), false), ([0x5B, 0x22, 0xC3, 0xA9, 0x22, 0x5D], true), ([0x5B, 0x31, 0x5D], false),
    ]
    for (bytes, reads) in inputs {
      let viaString = try? Song.decodeMbids(String(decoding: bytes, as: UTF8.self))
      let inPlace = bytes.withUnsafeBufferPointer { try? Song.decodeMbids(bytes: $0) }
      #expect((viaString != nil) == reads, "\(bytes)")
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
