// What `tunes lb followers` and `tunes lb following` share: the user argument and how a list is shown.
import ArgumentParser
import TunesListenBrainz

struct FollowListingArguments: ParsableArguments {
  @Argument(help: "The ListenBrainz user (default: the logged-in one).")
  var user: String?

  func show(_ direction: FollowList.Direction, command: String, global: GlobalOptions, options: DashboardOptions) async throws {
    try await reportingErrors {
      let context = try DashboardContext(global: global, options: options)
      let list = try await context.dashboard.follows(direction, user: try context.user(user, for: command))
      if options.json {
        context.printJSON(list)
      } else {
        context.printLines(DashboardRender(width: context.terminal.width, style: context.style).follows(list))
      }
    }
  }
}
