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
        let library = try global.openLibrary(.mustExist)
        let rows = try ListenQueue(library: library).all()
        // Each other target's listens follow under its name (one row per target and listen).
        let others = try Account(paths: global.paths).otherTargets().map {
          ($0, try ListenQueue(library: library, target: $0).all())
        }
        .filter { !$0.1.isEmpty }
        if json {
          JSONOutput.write(QueueListing.json(rows + others.flatMap(\.1)))
        } else if rows.isEmpty && others.isEmpty {
          print("No listens waiting.")
        } else {
          QueueListing.lines(rows).forEach { print($0) }
          for (name, targetRows) in others {
            print("\(name):")
            QueueListing.lines(targetRows).forEach { print($0) }
          }
        }
      }
    }
  }
}
