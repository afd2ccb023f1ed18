// `tunes lb users SEARCH`: ListenBrainz user names like SEARCH (at most 10, the server's order).
// `tunes lb users --similar [USER]`: the users whose listening is most like USER's (default: the
// logged-in one), most similar first, with the similarity as a bar.
import ArgumentParser
import Foundation
import TunesListenBrainz
import TunesTerminal

extension ListenBrainz {
  struct Users: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "users", abstract: "Find ListenBrainz users by name, or those with a similar taste.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: DashboardOptions

    @Flag(name: .long, help: "Users with a taste like USER's (default: the logged-in user).")
    var similar = false

    @Argument(help: "Part of a user name (with --similar: the user).")
    var search: String?

    func validate() throws {
      if !similar && (search ?? "").isEmpty { throw ValidationError("name part of a user name, or use --similar") }
    }

    func run() async throws {
      try await reportingErrors {
        let context = try DashboardContext(global: global, options: options)
        if similar {
          let user = try context.user(search, for: "tunes lb users --similar")
          let found = try await Social(wire: context.wire).similarUsers(user: user)
          if options.json {
            context.printJSON(found)
          } else {
            context.printLines(DashboardRender(width: context.terminal.width, style: context.style).similarUsers(found))
          }
          return
        }
        let search = self.search ?? ""
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
