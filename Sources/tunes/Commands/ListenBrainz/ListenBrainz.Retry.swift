// `tunes lb retry ID`: puts a rejected listen back in line, to be sent by the next flush or by the player.
import ArgumentParser
import TunesListenBrainz

extension ListenBrainz {
  struct Retry: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "retry", abstract: "Send a rejected listen again.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The listen's id, as `tunes lb queue` shows it.") var id: Int64

    func run() async throws {
      try await reportingErrors {
        let queued = try ListenQueue(library: try global.openLibrary(.mustExist)).retry(id: id)
        print(
          queued
            ? "Listen \(id) is pending again; `tunes lb flush` sends it now."
            : "Listen \(id) was not rejected: it is pending already, and `tunes lb flush` sends it now.")
      }
    }
  }
}
