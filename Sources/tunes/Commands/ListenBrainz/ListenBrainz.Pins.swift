// `tunes lb pins [USER]`: the recordings a user pinned, newest first; ● marks the one pinned now.
import ArgumentParser
import Foundation
import TunesListenBrainz

extension ListenBrainz {
  struct Pins: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pins", abstract: "Pinned recordings of a ListenBrainz user.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: DashboardOptions

    @Argument(help: "The ListenBrainz user (default: the logged-in one).")
    var user: String?

    @Option(name: .long, help: "How many (default 25).")
    var count = 25

    func run() async throws {
      try await reportingErrors {
        let context = try DashboardContext(global: global, options: options)
        let list = try await context.dashboard.pins(user: try context.user(user, for: "tunes lb pins"), count: count)
        if options.json {
          context.printJSON(list)
        } else {
          context.printLines(
            DashboardRender(width: context.terminal.width, style: context.style).pins(
              list, now: Int(Date().timeIntervalSince1970)))
        }
      }
    }
  }
}
