// `tunes lb queue [--json]`: pending and rejected listens, with the server's message for rejected ones.
import ArgumentParser
import Foundation
import TunesListenBrainz

extension ListenBrainz {
  struct Queue: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "queue", abstract: "List listens waiting to be sent or rejected.")

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Print JSON.") var json = false

    func run() async throws {
      try await reportingErrors {
        let rows = try ListenQueue(library: try global.openLibrary(.mustExist)).all()
        if json {
          JSONOutput.write(QueueListing.json(rows))
        } else if rows.isEmpty {
          print("No listens waiting.")
        } else {
          QueueListing.lines(rows).forEach { print($0) }
        }
      }
    }
  }
}
