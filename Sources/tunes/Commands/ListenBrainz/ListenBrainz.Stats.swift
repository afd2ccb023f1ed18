// `tunes lb stats artists|releases|recordings|activity|daily|countries [USER] [--range R] [--count N]`:
// one statistic, drawn as a chart (or as JSON). A statistic not computed yet is said so, exit 0.
import ArgumentParser
import Foundation
import TunesListenBrainz

extension ListenBrainz {
  struct Stats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "stats", abstract: "One ListenBrainz statistic of a user, as a chart.")

    enum Part: String, ExpressibleByArgument, CaseIterable {
      case artists, releases, recordings, activity, daily, countries
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: DashboardOptions

    @Argument(help: "artists, releases, recordings, activity, daily or countries.")
    var part: Part

    @Argument(help: "The ListenBrainz user (default: the logged-in one).")
    var user: String?

    @Option(name: .long, help: "this_week, this_month, this_year, week, month, quarter, year, half_yearly or all_time.")
    var range: StatsRange = .allTime

    @Option(name: .long, help: "How many entries of a top list or countries (default 10).")
    var count = 10

    func validate() throws {
      guard count > 0 else { throw ValidationError("--count must be at least 1") }
    }

    func run() async throws {
      try await reportingErrors {
        let context = try DashboardContext(global: global, options: options)
        let user = try context.user(user, for: "tunes lb stats")
        let render = DashboardRender(width: context.terminal.width, style: context.style)
        let d = context.dashboard
        switch part {
        case .artists, .releases, .recordings:
          let entity = TopEntity(rawValue: part.rawValue) ?? .artists
          let (answer, lines) = try await DashboardReads.top(
            entity, user: user, range: range, count: count, context: context, render: render)
          if options.json { context.printJSON(StatsJSON(answer: answer)) } else { context.printLines(lines) }
        case .activity:
          let answer = try await d.listeningActivity(user: user, range: range)
          if options.json { context.printJSON(StatsJSON(answer: answer)) } else { context.printLines(render.activity(answer)) }
        case .daily:
          let answer = try await d.dailyActivity(user: user, range: range)
          if options.json { context.printJSON(StatsJSON(answer: answer)) } else { context.printLines(render.daily(answer)) }
        case .countries:
          let answer = try await d.artistMap(user: user, range: range)
          if options.json {
            context.printJSON(StatsJSON(answer: answer))
          } else {
            context.printLines(render.countries(answer, count: count))
          }
        }
      }
    }
  }
}
