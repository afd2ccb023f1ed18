// `tunes lb status [--json]`: user, pending and rejected counts, last submission, last error.
import ArgumentParser
import Foundation
import TunesListenBrainz

extension ListenBrainz {
  struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "status", abstract: "Show the ListenBrainz account and listen queue.")

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Print JSON.") var json = false

    func run() async throws {
      try await reportingErrors {
        let status = try SubmissionStatus.read(
          queue: ListenQueue(library: try global.openLibrary(.mustExist)), account: Account(paths: global.paths))
        if json {
          JSONOutput.write(status.json())
        } else {
          status.lines.forEach { print($0) }
        }
      }
    }
  }
}
