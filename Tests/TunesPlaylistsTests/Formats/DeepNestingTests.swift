// Playlist files nested 50 000 levels deep (arrays and objects in JSPF, elements in XSPF), which a reader
// recursing once a level would overflow its stack on (while indexing, in a player running `update`):
// each is refused as a file that cannot be parsed, naming the file.
import Foundation
import Testing

@testable import TunesPlaylists

@Suite struct DeepNestingTests {
  func parseError(_ text: String, format: PlaylistFormat) -> PlaylistError? {
    do {
      _ = try PlaylistCodec.parse(Data(text.utf8), format: format, file: "/x/deep." + format.rawValue)
      return nil
    } catch {
      return error as? PlaylistError
    }
  }

  @Test(arguments: ["[", "{\"a\":"])
  func aDeeplyNestedJSPFIsRefused(_ opening: String) {
    let error = parseError("{\"playlist\": " + String(repeating: opening, count: 50_000), format: .jspf)
    guard case .parse(let file, _, let reason) = error else {
      Issue.record("not refused: \(String(describing: error))")
      return
    }
    #expect(file == "/x/deep.jspf")
    #expect(reason.hasPrefix("not valid JSON"), "\(reason)")
  }

  @Test func aDeeplyNestedXSPFIsRefused() {
    let text =
      "<?xml version=\"1.0\"?><playlist xmlns=\"http://xspf.org/ns/0/\"><trackList>"
      + String(repeating: "<track>", count: 50_000)
    guard case .parse(let file, _, _) = parseError(text, format: .xspf) else {
      Issue.record("not refused")
      return
    }
    #expect(file == "/x/deep.xspf")
  }
}
