// `tunes lb following [USER]`: who the user follows on ListenBrainz.
import ArgumentParser
import Foundation
import TunesListenBrainz

struct LBFollowing: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "following", abstract: "Whom a ListenBrainz user follows.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var options: DashboardOptions

  @Argument(help: "The ListenBrainz user (default: the logged-in one).")
  var user: String?

  func run() async throws {
    try await reportingErrors {
      let context = try DashboardContext(global: global, options: options)
      let list = try await context.dashboard.follows(.following, user: try context.user(user, for: "tunes lb following"))
      if options.json { context.printJSON(list) } else {
        context.printLines(DashboardRender(width: context.terminal.width, style: context.style).follows(list))
      }
    }
  }
}
