// How deep a catalogue's arrays and objects may nest: the reader recurses once a level, and a 100 KB
// library.json of 50 000 `[` overflowed the stack of `tunes index` and of a player running `update`.
// Past the limit the catalogue is refused like any malformed one, naming the place.
import Foundation
import Testing

@testable import TunesLibrary

@Suite struct CatalogueNestingTests {
  /// The catalogue's error, or nil when it loaded.
  func loadingError(_ text: String) throws -> (path: String, error: LibraryError?) {
    let temp = try TempLibrary()
    let path = try temp.writeText("library.json", text)
    defer { withExtendedLifetime(temp) {} }
    do {
      _ = try Catalogue.load(path: path)
      return (path, nil)
    } catch {
      return (path, error)
    }
  }

  @Test func fiftyThousandOpenArraysAreRefusedAtTheFirstLevelTooDeep() throws {
    let limit = TolerantJSONParser.maximumDepth
    let (path, error) = try loadingError(String(repeating: "[", count: 50_000))
    #expect(
      error
        == .malformedCatalogue(
          path: path, line: 1, column: limit + 1, reason: "arrays and objects nested deeper than \(limit) levels"))
    #expect(error?.description == "\(path):1:\(limit + 1): malformed catalogue: arrays and objects nested deeper than 64 levels")
  }

  @Test func fiftyThousandOpenObjectsAreRefusedAtTheFirstLevelTooDeep() throws {
    let limit = TolerantJSONParser.maximumDepth
    let member = "{\"a\":"
    let (path, error) = try loadingError("[\n" + String(repeating: member, count: 50_000))
    // The array opens level 1 on line 1; objects open levels 2… on line 2, the one too deep after limit - 1 of them.
    #expect(
      error
        == .malformedCatalogue(
          path: path, line: 2, column: (limit - 1) * member.count + 1,
          reason: "arrays and objects nested deeper than \(limit) levels"))
  }

  @Test func nestingUpToTheLimitIsRead() throws {
    let limit = TolerantJSONParser.maximumDepth
    // Another program's key may hold deep values: read (and ignored) up to the limit, the catalogue's
    // array and the artist's object being the first two levels.
    let deep = String(repeating: "[", count: limit - 2) + String(repeating: "]", count: limit - 2)
    let text = "[{\"artistName\": \"A\", \"albums\": [], \"extra\": \(deep)}]"
    #expect(try loadingError(text).error == nil)
    let tooDeep = "[{\"artistName\": \"A\", \"albums\": [], \"extra\": [\(deep)]}]"
    #expect(try loadingError(tooDeep).error != nil)
  }

  /// The limit is a recursion bound only: arrays side by side, however many, are not nested.
  @Test func manyArraysSideBySideAreNotNesting() throws {
    let text = "[" + Array(repeating: "[[1]]", count: 20_000).joined(separator: ",") + "]"
    let node = try TolerantJSONParser.parse(Array(text.utf8))
    guard case .array(let elements) = node.value else {
      Issue.record("not an array")
      return
    }
    #expect(elements.count == 20_000)
  }
}
