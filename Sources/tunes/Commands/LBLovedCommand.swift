// `tunes lb loved [USER] [--count N]`: the recordings a user loved on ListenBrainz (feedback score 1), newest first.
import ArgumentParser
import Foundation
import TunesListenBrainz

struct LBLoved: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "loved", abstract: "Recordings a ListenBrainz user loved.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var options: DashboardOptions

  @Argument(help: "The ListenBrainz user (default: the logged-in one).")
  var user: String?

  @Option(name: .long, help: "How many (default 25, at most 1000).")
  var count = 25

  func validate() throws {
    guard count > 0 else { throw ValidationError("--count must be at least 1") }
  }

  func run() async throws {
    try await reportingErrors {
      let context = try DashboardContext(global: global, options: options)
      let page = try await context.dashboard.feedback(user: try context.user(user, for: "tunes lb loved"), score: .love, count: count)
      if options.json { context.printJSON(page) } else {
        context.printLines(DashboardRender(width: context.terminal.width, style: context.style).feedback(page))
      }
    }
  }
}
