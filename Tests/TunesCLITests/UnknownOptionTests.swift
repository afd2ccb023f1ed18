// Options a command does not know are errors, never query words: query arguments take the words the
// parser does not recognise (so that `-genre:live` negates), and once took `--limit` and `--shufle` too,
// listing or playing something other than what was asked. `-word` stays a negation; `--` ends options.
import Foundation
import Testing

@Suite struct UnknownOptionTests {
  /// Every command that takes a query (or free words) as its last argument.
  static let queryCommands: [[String]] = [
    ["ls", "songs"], ["search"], ["play"], ["add"], ["info"], ["love"], ["hate"], ["unrate"], ["lb", "pin"],
    ["playlist", "create", "P"], ["playlist", "add", "P"], ["seek"], ["volume"],
  ]

  @Test func anUnknownOptionIsAUsageErrorForEveryQueryCommand() throws {
    let sandbox = try TunesSandbox()
    for command in Self.queryCommands {
      let result = try sandbox.run(command + ["--no-such-option", "zoe"])
      #expect(result.status == 64, "\(command): \(result)")
      #expect(result.stderr.contains("unknown option --no-such-option"), "\(command): \(result)")
      #expect(result.stdout.isEmpty, "\(command): \(result)")
    }
  }

  @Test func aMistypedOptionSuggestsTheNearestOne() throws {
    let sandbox = try TunesSandbox()
    let shuffle = try sandbox.run(["play", "--shufle", "zoe"])
    #expect(shuffle.status == 64, "\(shuffle)")
    #expect(shuffle.stderr.contains("unknown option --shufle; did you mean --shuffle?"), "\(shuffle)")
    let json = try sandbox.run(["ls", "songs", "--jsno"])
    #expect(json.status == 64, "\(json)")
    #expect(json.stderr.contains("unknown option --jsno; did you mean --json?"), "\(json)")
    // Nothing near: no suggestion.
    let limit = try sandbox.run(["ls", "songs", "--limit", "5"])
    #expect(limit.status == 64, "\(limit)")
    #expect(limit.stderr.contains("unknown option --limit"), "\(limit)")
    #expect(!limit.stderr.contains("did you mean"), "\(limit)")
  }

  @Test func negationsStayQueryWordsAndDoubleDashEndsOptions() throws {
    let sandbox = try TunesSandbox()
    _ = try sandbox.run(["index", TunesExecutable.sampleLibrary.path])
    let all = try sandbox.run(["ls", "songs", "--json"])
    let withoutAnsel = try sandbox.run(["ls", "songs", "-artist:Ansel", "--json"])
    #expect(withoutAnsel.status == 0, "\(withoutAnsel)")
    let allCount = try #require(try all.json() as? [Any]).count
    let withoutCount = try #require(try withoutAnsel.json() as? [Any]).count
    #expect(withoutCount > 0 && withoutCount < allCount, "\(withoutCount) of \(allCount)")

    // After `--` a word is a query word whatever it starts with, and `--` itself is no query word
    // (`--db` goes before it here: after it, it would be a query word too).
    let plain = try sandbox.run(["search", "cafe", "--json"])
    let ended = try sandbox.run(["search", "--json", "--db", sandbox.database, "--", "cafe"], useDatabase: false)
    #expect(ended.status == 0, "\(ended)")
    #expect(ended.stdout == plain.stdout && !plain.stdout.isEmpty, "\(ended)")
    let dashed = try sandbox.run(["ls", "songs", "--db", sandbox.database, "--", "--limit"], useDatabase: false)
    #expect(!dashed.stderr.contains("unknown option"), "\(dashed)")
  }
}
