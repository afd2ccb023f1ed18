// `--help` and `-h` work on every command of the tree: `tunes seek --help` and `tunes volume -h` once
// took the flag as the number to seek to or the volume to set, and printed an error.
import Foundation
import Testing

@Suite struct HelpTests {
  /// The subcommand names a help text lists under SUBCOMMANDS (each at two spaces' indent; the lines
  /// of a wrapped abstract are indented further).
  static func subcommands(in help: String) -> [String] {
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: "SUBCOMMANDS:") else { return [] }
    return lines[(start + 1)...].prefix { !$0.isEmpty }.compactMap { line in
      guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
      return line.dropFirst(2).split(separator: " ").first.map(String.init)
    }
  }

  @Test func everyCommandShowsItsHelpForBothFlags() throws {
    let sandbox = try TunesSandbox()
    var pending: [[String]] = [[]]
    var seen: [[String]] = []
    while let path = pending.popLast() {
      seen.append(path)
      var listed: [String] = []
      for flag in ["--help", "-h"] {
        let result = try sandbox.run(path + [flag], useDatabase: false)
        #expect(result.status == 0, "\(path) \(flag): \(result)")
        #expect(result.stderr.isEmpty, "\(path) \(flag): \(result)")
        #expect(result.stdout.contains("USAGE: " + (["tunes"] + path).joined(separator: " ")), "\(path) \(flag): \(result)")
        listed = Self.subcommands(in: result.stdout)
      }
      pending += listed.map { path + [$0] }
    }
    // The walk reached the whole tree: the groups and their leaves, seek and volume among them.
    for expected in [["play"], ["seek"], ["volume"], ["playlist", "create"], ["lb", "login"], ["lb", "pin"]] {
      #expect(seen.contains(expected), "\(expected) not reached")
    }
    #expect(seen.count > 50, "only \(seen.count) commands")
  }

  /// A discussion is re-wrapped to the terminal's width by the argument parser, which keeps every line
  /// break it is given: a paragraph written over several source lines without `\` came out ragged
  /// (`tunes play --help`: "…saved as they change" alone on its line, then "and restored…").
  @Test func discussionsBreakOnlyBetweenParagraphs() throws {
    let sandbox = try TunesSandbox()
    let dump = try sandbox.run(["--experimental-dump-help"], useDatabase: false)
    try #require(dump.status == 0, "\(dump)")
    let json = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any]
    var pending = [try #require(json?["command"] as? [String: Any])]
    var discussions = 0
    while let command = pending.popLast() {
      pending += (command["subcommands"] as? [[String: Any]]) ?? []
      guard let discussion = command["discussion"] as? String else { continue }
      discussions += 1
      for paragraph in discussion.components(separatedBy: "\n\n") {
        #expect(!paragraph.contains("\n"), "\(command["commandName"] ?? ""): a line break inside \(paragraph)")
      }
    }
    #expect(discussions > 3, "only \(discussions) discussions")
  }

  @Test func negativeNumbersStayArgumentsOfSeekAndVolume() throws {
    let sandbox = try TunesSandbox()
    // No player runs: the arguments parse, and the command fails only for want of a player (exit 69).
    for arguments in [["seek", "-10"], ["seek", "+5"], ["volume", "-10"], ["volume", "40"]] {
      let result = try sandbox.run(arguments, useDatabase: false)
      #expect(result.status == 69, "\(arguments): \(result)")
    }
  }
}

extension HelpTests {
  /// `tunes index --help` once said "catalogue files or MP3 files" while a FLAC, Opus or M4A file named
  /// on the command line is indexed as well: the help names what the command takes.
  @Test func theIndexHelpNamesTheFormatsAFileMayBe() throws {
    let sandbox = try TunesSandbox()
    let folder = TunesExecutable.sampleLibrary.appendingPathComponent("Mira Okafor/Other Formats")
    let files = ["01 Deep Lossless.flac", "02 Mono Opus.opus", "03 Gapless Apple.m4a"]
    let indexed = try sandbox.run(["index"] + files.map { folder.appendingPathComponent($0).path })
    #expect(indexed.status == 0, "\(indexed)")
    #expect(indexed.stdout.contains("added 3,"), "\(indexed)")
    let help = try sandbox.run(["index", "--help"], useDatabase: false)
    for format in ["MP3", "FLAC", "Ogg", "Opus", "M4A"] {
      #expect(help.stdout.contains(format), "index --help does not name \(format):\n\(help.stdout)")
    }
    #expect(!help.stdout.contains("or MP3 files"), "\(help.stdout)")
  }
}
