// `tunes --version` and `tunes version`: the executable starts, parses its arguments and agrees with itself.
import Foundation
import Testing

@Suite struct VersionTests {
  @Test func versionFlagPrintsASemanticVersion() throws {
    let sandbox = try TunesSandbox()
    let result = try sandbox.run(["--version"], useDatabase: false)
    #expect(result.status == 0, "\(result)")
    let version = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(version.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+/) != nil, "\(result)")
    #expect(result.stderr.isEmpty, "\(result)")
  }

  @Test func versionCommandSaysTheSameAsTheFlag() throws {
    let sandbox = try TunesSandbox()
    let flag = try sandbox.run(["--version"], useDatabase: false)
    let command = try sandbox.run(["version"], useDatabase: false)
    #expect(command.status == 0, "\(command)")
    #expect(command.stdout == "tunes " + flag.stdout, "\(command)")
  }

  @Test func unknownCommandIsAUsageError() throws {
    let sandbox = try TunesSandbox()
    let result = try sandbox.run(["no-such-command"], useDatabase: false)
    #expect(result.status == 64, "\(result)")
    #expect(result.stderr.contains("no-such-command"), "\(result)")
  }
}
