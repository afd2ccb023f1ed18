// A mistyped command name is a usage error that names the command most likely meant, at every level
// of the command tree: `tunes plya`, `tunes playlist craete`, `tunes lb logn`.
import Foundation
import Testing

@Suite struct CommandSuggestionTests {
  @Test func aMistypedCommandSuggestsTheNearestOne() throws {
    let sandbox = try TunesSandbox()
    let cases: [(arguments: [String], typo: String, meant: String)] = [
      (["plya", "zoe"], "plya", "play"), (["playlist", "craete", "P"], "craete", "create"),
      (["lb", "logn"], "logn", "login"), (["sats"], "sats", "stats"),
    ]
    for (arguments, typo, meant) in cases {
      let result = try sandbox.run(arguments, useDatabase: false)
      #expect(result.status == 64, "\(arguments): \(result)")
      #expect(result.stderr.contains("unknown command '\(typo)'; did you mean '\(meant)'?"), "\(arguments): \(result)")
    }
  }

  @Test func aWordNearNoCommandIsStillAnError() throws {
    let sandbox = try TunesSandbox()
    let result = try sandbox.run(["xyzzyq"], useDatabase: false)
    #expect(result.status == 64, "\(result)")
    #expect(result.stderr.contains("unknown command 'xyzzyq'"), "\(result)")
    #expect(!result.stderr.contains("did you mean"), "\(result)")
  }

  @Test func theLibraryOptionBeforeTheCommandSaysWhereItGoes() throws {
    let sandbox = try TunesSandbox()
    for arguments in [["--db", "/tmp/x.db", "ls", "songs"], ["playlist", "--db=/tmp/x.db", "list"]] {
      let result = try sandbox.run(arguments, useDatabase: false)
      #expect(result.status == 64, "\(arguments): \(result)")
      #expect(result.stderr.contains("--db goes after the command's name"), "\(arguments): \(result)")
    }
  }
}
