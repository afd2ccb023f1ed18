// The byte order of paths (the order of the index's unique path key) and path keys.
import Testing
import TunesTestSupport

@testable import TunesLibrary

@Suite struct PathTextTests {
  @Test func byteOrderIsTheOrderOfTheUTF8Bytes() {
    var random = SplitMix(state: 7)
    let pieces = ["", "a", "b", "ab", "/", "0", "é", "e\u{301}", "Z", "~", "\u{10FFFF}", "a/b", "a0"]
    var texts = pieces
    for _ in 0..<400 {
      texts.append((0..<Int(random.next() % 4)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
    }
    for a in texts {
      for b in texts.prefix(60) {
        #expect(PathText.byteOrder(a, b) == Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)), "\(a) vs \(b)")
      }
    }
    // Canonically equal, different bytes: ordered, not equal.
    #expect(PathText.byteOrder("Cafe\u{301}", "Caf\u{E9}") && !PathText.byteOrder("Caf\u{E9}", "Cafe\u{301}"))
  }

  @Test func insideIsByteForByteAndEndsAtASlash() {
    #expect(PathText.isInside("/music/a/b.mp3", folder: "/music"))
    #expect(PathText.isInside("/music/a/b.mp3", folder: "/music/a"))
    #expect(PathText.isInside("/music/a", folder: "/"))
    #expect(PathText.isInside("/music/a", folder: ""))  // the root, as a scope folder
    #expect(!PathText.isInside("/music", folder: "/music"))
    #expect(!PathText.isInside("/musical/a.mp3", folder: "/music"))
    #expect(!PathText.isInside("/musiC/a.mp3", folder: "/music"))
    #expect(!PathText.isInside("/mu", folder: "/music"))
    // Canonically equal names are still two folders.
    #expect(!PathText.isInside("/Cafe\u{301}/a.mp3", folder: "/Caf\u{E9}"))
    #expect(PathText.isInside("/Caf\u{E9}/a.mp3", folder: "/Caf\u{E9}"))
  }
}
