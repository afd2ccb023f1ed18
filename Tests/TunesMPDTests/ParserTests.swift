// The request parser, ranges, argument checks and filters, without any socket.
import Testing

@testable import TunesMPD

@Suite struct ParserTests {
  @Test func bareWordsAndQuotedArguments() throws {
    let request = try MPDRequestParser.parse(#"find  artist "The Beatles"   album Help!"#)
    #expect(request == MPDRequest(command: "find", arguments: ["artist", "The Beatles", "album", "Help!"]))
  }

  @Test func backslashEscapesInsideQuotes() throws {
    let request = try MPDRequestParser.parse(#"add "a \"quoted\" \\ name" """#)
    #expect(request.arguments == [#"a "quoted" \ name"#, ""])
  }

  @Test func carriageReturnAndTabsAreSpaces() throws {
    #expect(try MPDRequestParser.parse("status\r") == MPDRequest(command: "status"))
    #expect(try MPDRequestParser.parse("play\t3").arguments == ["3"])
  }

  @Test func quoteRoundTrips() throws {
    // The last two: a backslash and a quote followed by a combining mark (one Character, two scalars),
    // found by the fuzzer.
    for value in ["plain", "two words", #"with "quotes""#, #"back\slash"#, "ünïcode ♫", "", "a\\\u{309}b", "\"\u{301}"] {
      let request = try MPDRequestParser.parse("add " + MPDRequestParser.quote(value))
      #expect(request.arguments == [value])
    }
  }

  @Test(arguments: [
    (#"status "unterminated"#, "Missing closing '\"'"),
    (#"find "a"b"#, "Space expected after closing '\"'"),
    ("", "No command given"),
    ("   ", "No command given"),
    ("9lives", "Letter expected"),
    ("sta-tus", "Invalid word character"),
    ("add it's", "Invalid unquoted character"),
    (#"add a"b"#, "Invalid unquoted character"),
  ])
  func malformedLines(line: String, message: String) {
    #expect(throws: MPDError(.unknown, message)) { try MPDRequestParser.parse(line) }
  }

  @Test func trailingBackslashInQuotesIsUnterminated() {
    #expect(throws: MPDError(.unknown, "Missing closing '\"'")) { try MPDRequestParser.parse(Array(#"add "abc\"#.utf8)) }
  }

  @Test func invalidUTF8DoesNotCrash() throws {
    let request = try MPDRequestParser.parse([0x61, 0x64, 0x64, 0x20, 0xFF, 0xFE])
    #expect(request.command == "add")
    #expect(request.arguments.count == 1)
  }

  @Test func ranges() throws {
    #expect(try MPDRange.parse("3") == MPDRange(start: 3, end: 4))
    #expect(try MPDRange.parse("2:5") == MPDRange(start: 2, end: 5))
    #expect(try MPDRange.parse("2:") == MPDRange(start: 2, end: nil))
    #expect(try MPDRange.parse("0:0") == MPDRange(start: 0, end: 0))
    // `-1` is the whole list, as MPD reads it (older clients send it); other negatives are refused.
    #expect(try MPDRange.parse("-1") == MPDRange(start: 0, end: nil))
    #expect(MPDRange(start: 1, end: nil).clamped(count: 4) == 1..<4)
    #expect(MPDRange(start: 3, end: 9).clamped(count: 4) == nil)
  }

  @Test(arguments: [
    ("5:2", "Malformed range: 5:2"),
    ("a:b", "Integer or range expected: a:b"),
    ("x", "Integer or range expected: x"),
    ("-2", "Number is negative: -2"),
    ("-1:3", "Number is negative: -1:3"),
    ("1:-5", "Number is negative: 1:-5"),
    ("2147483648", "Number too large: 2147483648"),
    ("0:9223372036854775808", "Number too large: 0:9223372036854775808"),
  ])
  func badRanges(text: String, message: String) {
    #expect(throws: MPDError.argument(message)) { try MPDRange.parse(text) }
  }

  @Test func argumentChecks() throws {
    let args = MPDArguments(MPDRequest(command: "random", arguments: ["2", "x", "-4", "1.5"]))
    #expect(throws: MPDError.argument("wrong number of arguments for \"random\"")) { try args.expect(1...1) }
    #expect(throws: MPDError.argument("Boolean (0/1) expected: 2")) { try args.bool(0) }
    #expect(throws: MPDError.argument("Integer expected: x")) { try args.integer(1) }
    #expect(throws: MPDError.argument("Number is negative: -4")) { try args.unsigned(2) }
    #expect(try args.seconds(3) == 1.5)
    // MPD's wording: a command with a fixed count says "wrong number", one with a span "too few"/"too many".
    #expect(throws: MPDError.argument("too few arguments for \"random\"")) { try args.expect(5...6) }
    #expect(throws: MPDError.argument("too many arguments for \"random\"")) { try args.expect(0...3) }
    #expect(throws: MPDError.argument("too few arguments for \"random\"")) { try args.expect(5...Int.max) }
    #expect(throws: MPDError.argument("Float expected: x")) { try args.seconds(1) }
  }

  @Test func ackLineFormat() {
    #expect(MPDError(.noExist, "No such playlist").ackLine(index: 2, command: "load") == "ACK [50@2] {load} No such playlist\n")
    #expect(MPDAckCode.exist.rawValue == 56 && MPDAckCode.notList.rawValue == 1 && MPDAckCode.playerSync.rawValue == 55)
  }
}

@Suite struct FilterTests {
  let song = MPDSong(file: "Beatles/Help/01 Help.mp3", tags: [.artist: "The Beatles", .album: "Help!", .title: "Help!"])

  @Test func findPairsAreExact() throws {
    #expect(try MPDFilter.parse(["artist", "The Beatles"], substring: false).matches(song))
    #expect(try !MPDFilter.parse(["artist", "the beatles"], substring: false).matches(song))
    #expect(try !MPDFilter.parse(["artist", "Beatles"], substring: false).matches(song))
  }

  @Test func searchPairsFoldCaseAndMatchSubstrings() throws {
    #expect(try MPDFilter.parse(["artist", "beatl"], substring: true).matches(song))
    #expect(try MPDFilter.parse(["any", "help"], substring: true).matches(song))
    #expect(try MPDFilter.parse(["file", "01 help"], substring: true).matches(song))
    #expect(try !MPDFilter.parse(["album", "abbey"], substring: true).matches(song))
  }

  @Test func expressions() throws {
    #expect(try MPDFilter.parse([#"(Artist == "The Beatles")"#], substring: false).matches(song))
    #expect(try MPDFilter.parse(["(Album contains 'elp')"], substring: false).matches(song))
    #expect(try !MPDFilter.parse([#"(!(Artist == "The Beatles"))"#], substring: false).matches(song))
    #expect(try MPDFilter.parse([#"((Artist == "The Beatles") AND (Title != "Yesterday"))"#], substring: false).matches(song))
    #expect(try !MPDFilter.parse([#"((Artist == "The Beatles") AND (Title == "Yesterday"))"#], substring: false).matches(song))
    #expect(try MPDFilter.parse([#"(base "Beatles")"#], substring: false).matches(song))
    #expect(try !MPDFilter.parse([#"(base "Beat")"#], substring: false).matches(song))
  }

  @Test func badFilters() {
    #expect(throws: MPDError.argument("Unknown filter type")) { try MPDFilter.parse(["colour", "red"], substring: false) }
    #expect(throws: MPDError.argument("Incorrect number of filter arguments")) {
      try MPDFilter.parse(["artist"], substring: false)
    }
    #expect(throws: MPDError.argument("Unknown filter operator: ~~")) {
      try MPDFilter.parse(["(Artist ~~ 'x')"], substring: false)
    }
    #expect(throws: MPDError.argument("Closing quote not found")) { try MPDFilter.parse(["(Artist == 'x)"], substring: false) }
    #expect(throws: MPDError.argument("Unparsed garbage after expression")) {
      try MPDFilter.parse(["(Artist == 'x') y"], substring: false)
    }
  }
}
