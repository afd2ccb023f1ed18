// The catalogue's JSON reader on numbers and blanks, which it reads by fast paths: whole numbers in place,
// anything else through Double(text); blanks counted for the lines and columns errors name.
import Testing

@testable import TunesLibrary

@Suite struct TolerantJSONTests {
  static func number(_ text: String) throws -> Double? {
    let node = try TolerantJSONParser.parse(Array("[\(text)]".utf8))
    guard case .array(let elements) = node.value, let first = elements.first, case .number(let value) = first.value else {
      return nil
    }
    return value
  }

  /// Every number reads as Double(text) reads it, whole or not, short or past fifteen digits.
  @Test(arguments: [
    "0", "7", "007", "2017", "28000", "-5", "-0", "1.5", "1e5", "1E5", "2.5e-3", "123456789012345", "1234567890123456",
    "12345678901234567890", "9007199254740993",
  ])
  func numbersReadAsDoubleReadsThem(_ text: String) throws {
    let value = try #require(try Self.number(text))
    #expect(value == Double(text)!)
    #expect(value.sign == Double(text)!.sign)
  }

  /// What is no number is refused where the fast path stops, with the place of the error.
  @Test func aNumberRunningIntoLettersIsAnError() {
    #expect(throws: JSONSyntaxError.self) { try TolerantJSONParser.parse(Array("[12abc]".utf8)) }
    #expect(throws: JSONSyntaxError.self) { try TolerantJSONParser.parse(Array("[1+2]".utf8)) }
    #expect(throws: JSONSyntaxError.self) { try TolerantJSONParser.parse(Array("[+1]".utf8)) }
  }

  /// Lines and columns count through indentation, tabs and carriage returns as before the blanks' fast path.
  @Test func errorsNameTheirLineAndColumnThroughBlanks() {
    do {
      _ = try TolerantJSONParser.parse(Array("[\n  1,\r\n\t  2,\n    x\n]".utf8))
      Issue.record("parsed")
    } catch {
      #expect(error.line == 4 && error.column == 5, "\(error)")
    }
    do {
      _ = try TolerantJSONParser.parse(Array("{\n  \"year\": 2017 2018\n}".utf8))
      Issue.record("parsed")
    } catch {
      #expect(error.line == 2 && error.column == 16, "\(error)")
    }
  }
}
