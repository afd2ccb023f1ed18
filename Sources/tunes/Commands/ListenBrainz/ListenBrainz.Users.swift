// `tunes lb users SEARCH`: ListenBrainz user names like SEARCH (at most 10, the server's order).
import ArgumentParser
import Foundation
import TunesListenBrainz
import TunesTerminal

extension ListenBrainz {
  struct Users: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "users", abstract: "Find ListenBrainz users by name.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: DashboardOptions

    @Argument(help: "Part of a user name.")
    var search: String

    func run() async throws {
      try await reportingErrors {
        let context = try DashboardContext(global: global, options: options)
        let found = try await context.dashboard.searchUsers(search)
        if options.json {
          context.printJSON(found)
        } else {
          context.printLines(
            found.users.isEmpty
              ? ["no ListenBrainz user matches '\(TerminalText.safe(search))'"] : found.users.map(TerminalText.safe))
        }
      }
    }
  }
}
