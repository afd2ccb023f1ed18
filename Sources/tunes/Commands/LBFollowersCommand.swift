// `tunes lb followers [USER]`: who follows the user on ListenBrainz.
import ArgumentParser
import Foundation
import TunesListenBrainz

struct LBFollowers: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "followers", abstract: "Who follows a ListenBrainz user.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var options: DashboardOptions

  @Argument(help: "The ListenBrainz user (default: the logged-in one).")
  var user: String?

  func run() async throws {
    try await reportingErrors {
      let context = try DashboardContext(global: global, options: options)
      let list = try await context.dashboard.follows(.followers, user: try context.user(user, for: "tunes lb followers"))
      if options.json { context.printJSON(list) } else {
        context.printLines(DashboardRender(width: context.terminal.width, style: context.style).follows(list))
      }
    }
  }
}
