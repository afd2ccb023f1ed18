// What `tunes lb loved` and `tunes lb hated` share: their arguments and how a feedback page is shown.
import ArgumentParser
import TunesListenBrainz

struct FeedbackListingArguments: ParsableArguments {
  @Argument(help: "The ListenBrainz user (default: the logged-in one).")
  var user: String?

  @Option(name: .long, help: "How many (default 25, at most 1000).")
  var count = 25

  func validate() throws {
    guard count > 0 else { throw ValidationError("--count must be at least 1") }
  }

  /// Fetches and prints one page of the user's feedback with `score`.
  func show(_ score: FeedbackScore, command: String, global: GlobalOptions, options: DashboardOptions) async throws {
    try await reportingErrors {
      let context = try DashboardContext(global: global, options: options)
      let page = try await context.dashboard.feedback(user: try context.user(user, for: command), score: score, count: count)
      if options.json {
        context.printJSON(page)
      } else {
        context.printLines(DashboardRender(width: context.terminal.width, style: context.style).feedback(page))
      }
    }
  }
}
