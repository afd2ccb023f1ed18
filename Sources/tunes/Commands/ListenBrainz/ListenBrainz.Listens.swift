// `tunes lb listens [USER] [--count N]`: the most recent listens, newest first (pages of up to 1000
// are fetched back in time with max_ts until N are shown or the oldest listen is reached; see
// `Dashboard.recentListens` for listens that share a second across a page boundary).
import ArgumentParser
import Foundation
import TunesListenBrainz

extension ListenBrainz {
  struct Listens: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "listens", abstract: "Recent listens of a ListenBrainz user.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: DashboardOptions

    @Argument(help: "The ListenBrainz user (default: the logged-in one).")
    var user: String?

    @Option(name: .long, help: "How many listens (default 10).")
    var count = 10

    func validate() throws {
      guard count > 0 else { throw ValidationError("--count must be at least 1") }
    }

    func run() async throws {
      try await reportingErrors {
        let context = try DashboardContext(global: global, options: options)
        let user = try context.user(user, for: "tunes lb listens")
        let page = try await context.dashboard.recentListens(user: user, count: count)
        if options.json {
          context.printJSON(page)
        } else {
          let render = DashboardRender(width: context.terminal.width, style: context.style)
          context.printLines([render.title("Listens of \(user)")] + render.listens(page))
        }
      }
    }
  }
}
