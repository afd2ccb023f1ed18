// A command parsed on its own (DirectParse) must be the command the root's parser makes of the same
// line, field for field; a line the command alone refuses must go back to the root's parser.
import ArgumentParser
import Testing

@testable import tunes

@Suite struct DirectParseTests {
  /// Every field of a parsed command, property wrappers included, as text.
  static func fields(_ command: ParsableCommand) -> String {
    var text = ""
    dump(command, to: &text)
    return text
  }

  @Test(arguments: [
    ["play", "--device", "null", "--pace", "max", "Shorty"],
    ["play", "--shuffle", "--seed", "3", "artist:grey", "-live"],
    ["play", "--", "--not-an-option"],
    ["ls", "songs", "--json", "artist:grey"],
    ["search", "café", "genre:jazz"],
    ["next"],
    ["seek", "+10"],
    ["seek", "1:30"],
    ["volume", "50"],
    ["index", "/tmp/music", "--prune"],
    ["status", "--json"],
  ])
  func aLineTheCommandAcceptsParsesAsFromTheRoot(line: [String]) throws {
    let direct = try #require(DirectParse.command(for: line, root: Tunes.self))
    let fromRoot = try Tunes.parseAsRoot(line)
    #expect(type(of: direct) == type(of: fromRoot))
    #expect(Self.fields(direct) == Self.fields(fromRoot))
  }

  @Test(arguments: [
    ["play", "--shufle", "zoe"],
    ["play", "--help"],
    ["ls", "-h"],
    ["ls", "songs", "--limit", "5"],
    ["volume", "loud"],
    ["playlist", "list"],
    ["--version"],
    ["plya"],
    ["play", "--generate-completion-script", "bash"],
  ])
  func aLineTheCommandRefusesGoesToTheRoot(line: [String]) {
    #expect(DirectParse.command(for: line, root: Tunes.self) == nil)
  }
}
