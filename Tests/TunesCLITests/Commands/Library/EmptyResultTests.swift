// A listing that finds nothing says so to a person at a terminal (under `script`, which gives the
// command a pseudo-terminal), and prints nothing at all into a pipe, so scripts still see no lines.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
struct EmptyResultTests {
  @Test(arguments: [
    (["ls", "songs", "zzzz"], "no songs match"), (["ls", "albums", "zzzz"], "no albums match"),
    (["ls", "artists", "zzzz"], "no artists match"), (["search", "zzzz"], "no songs match"),
  ])
  func emptyListingsSaySo(arguments: [String], message: String) throws {
    let sandbox = try TunesSandbox()
    _ = try sandbox.run(["index", TunesExecutable.sampleLibrary.path])
    let binary = try #require(TunesExecutable.path)
    let command = ([binary] + arguments + ["--db", sandbox.database]).map { "'\($0)'" }.joined(separator: " ")
    let terminal = try ChildProcess.run(
      "/usr/bin/script", ["-qec", command, "/dev/null"], environment: sandbox.environment, workingDirectory: sandbox.folder.path,
      timeout: 60)
    #expect(terminal.status == 0, "\(terminal.output) \(terminal.errors)")
    #expect(terminal.output.replacingOccurrences(of: "\r", with: "") == message + "\n", "\(terminal.output)")
    let piped = try sandbox.run(arguments)
    #expect(piped.status == 0 && piped.stdout.isEmpty, "\(piped)")
  }
}
