// `tunes lb dashboard [USER]`: one screen of a ListenBrainz user: listen count, playing now, recent
// listens, top artists/releases/recordings, listening activity, the daily heatmap, artist origins,
// followers/following, loved tracks and similar users. Parts are fetched at once; a part that fails says why in its
// place, an unknown user or an unreachable server fails the whole command.
import ArgumentParser
import Foundation
import TunesCore
import TunesListenBrainz

extension ListenBrainz {
  struct Dashboard: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "dashboard", abstract: "A ListenBrainz user's dashboard on one screen.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: DashboardOptions

    @Argument(help: "The ListenBrainz user (default: the logged-in one).")
    var user: String?

    @Option(
      name: .long,
      help: "Range of the statistics: this_week, this_month, this_year, week, month, quarter, year, half_yearly, all_time.")
    var range: StatsRange = .thisMonth

    @Option(name: .long, help: "Entries per top list (default 5).")
    var count = 5

    /// Everything the screen shows, as --json prints it (a part that failed is null, its error in `errors`).
    struct Snapshot: Encodable {
      var user: String
      var range: StatsRange
      var listenCount: Int?
      var playingNow: Listen?
      var recentListens: [Listen]?
      var topArtists: StatsJSON<TopList>?
      var topReleases: StatsJSON<TopList>?
      var topRecordings: StatsJSON<TopList>?
      var listeningActivity: StatsJSON<ListeningActivity>?
      var dailyActivity: StatsJSON<DailyActivity>?
      var artistMap: StatsJSON<ArtistMap>?
      var followers: Int?
      var following: Int?
      var lovedCount: Int?
      var similarUsers: [SimilarUsers.Entry]?
      var errors: [String: String]
    }

    func validate() throws {
      guard count > 0 else { throw ValidationError("--count must be at least 1") }
    }

    static func capture<T: Sendable>(_ body: () async throws(DashboardError) -> T) async -> Result<T, DashboardError> {
      do { return .success(try await body()) } catch { return .failure(error) }
    }

    func run() async throws {
      try await reportingErrors {
        let context = try DashboardContext(global: global, options: options)
        let user = try context.user(user, for: "tunes lb dashboard")
        let d = context.dashboard
        let (range, count) = (self.range, self.count)
        // The listen count goes first: it tells an unknown user or a dead server before the rest is asked.
        let listenCount = try await d.listenCount(user: user)
        async let playing = Self.capture { () async throws(DashboardError) in try await d.playingNow(user: user) }
        async let recent = Self.capture { () async throws(DashboardError) in try await d.listens(user: user, count: 5) }
        async let artists = Self.capture { () async throws(DashboardError) in
          try await d.top(.artists, user: user, range: range, count: count)
        }
        async let releases = Self.capture { () async throws(DashboardError) in
          try await d.top(.releases, user: user, range: range, count: count)
        }
        async let recordings = Self.capture { () async throws(DashboardError) in
          try await d.top(.recordings, user: user, range: range, count: count)
        }
        async let activity = Self.capture { () async throws(DashboardError) in
          try await d.listeningActivity(user: user, range: range)
        }
        async let daily = Self.capture { () async throws(DashboardError) in try await d.dailyActivity(user: user, range: range) }
        async let map = Self.capture { () async throws(DashboardError) in try await d.artistMap(user: user, range: range) }
        async let followers = Self.capture { () async throws(DashboardError) in try await d.follows(.followers, user: user) }
        async let following = Self.capture { () async throws(DashboardError) in try await d.follows(.following, user: user) }
        async let loved = Self.capture { () async throws(DashboardError) in
          try await d.feedback(user: user, score: .love, count: 1)
        }
        async let similar = Self.capture { () async throws(DashboardError) in
          do throws(SocialError) { return try await Social(wire: d.wire).similarUsers(user: user) } catch {
            throw error.asDashboardError
          }
        }

        var snapshot = Snapshot(user: user, range: range, listenCount: listenCount.count, errors: [:])
        func take<T>(_ name: String, _ result: Result<T, DashboardError>) -> T? {
          switch result {
          case .success(let value): return value
          case .failure(let error):
            snapshot.errors[name] = error.description
            return nil
          }
        }
        let playingNow = take("playingNow", await playing)
        snapshot.playingNow = playingNow?.listen
        let recentPage = take("recentListens", await recent)
        snapshot.recentListens = recentPage?.listens
        let topArtists = take("topArtists", await artists)
        let topReleases = take("topReleases", await releases)
        let topRecordings = take("topRecordings", await recordings)
        let listening = take("listeningActivity", await activity)
        let dailyActivity = take("dailyActivity", await daily)
        let artistMap = take("artistMap", await map)
        snapshot.topArtists = topArtists.map(StatsJSON.init)
        snapshot.topReleases = topReleases.map(StatsJSON.init)
        snapshot.topRecordings = topRecordings.map(StatsJSON.init)
        snapshot.listeningActivity = listening.map(StatsJSON.init)
        snapshot.dailyActivity = dailyActivity.map(StatsJSON.init)
        snapshot.artistMap = artistMap.map(StatsJSON.init)
        snapshot.followers = take("followers", await followers)?.names.count
        snapshot.following = take("following", await following)?.names.count
        snapshot.lovedCount = take("lovedCount", await loved)?.totalCount
        let similarUsers = take("similarUsers", await similar)
        snapshot.similarUsers = similarUsers.map { Array($0.users.prefix(count)) }

        // The screen is still drawn when parts failed, and the exit status says it is incomplete (1).
        let incomplete = snapshot.errors.isEmpty ? nil : ExitCode(ExitStatus.partial.rawValue)
        if options.json {
          context.printJSON(snapshot)
          if let incomplete { throw incomplete }
          return
        }
        let r = DashboardRender(width: context.terminal.width, style: context.style)
        func part(_ name: String, _ key: String, _ lines: [String]?) -> [String] {
          if let lines { return [""] + lines }
          return ["", r.title(name), r.dim(snapshot.errors[key] ?? "unavailable")]
        }
        var lines = [r.title("\(user) on ListenBrainz: \(DashboardText.count(listenCount.count, "listen"))")]
        var social: [String] = []
        if let n = snapshot.followers { social.append(DashboardText.count(n, "follower")) }
        if let n = snapshot.following { social.append("following \(n)") }
        if let n = snapshot.lovedCount { social.append("\(n) loved") }
        if !social.isEmpty { lines.append(social.joined(separator: " · ")) }
        lines.append(playingNow.map(r.playingNow) ?? r.dim("playing now: unavailable"))
        lines += part("Recent listens", "recentListens", recentPage.map { [r.title("Recent listens")] + r.listens($0) })
        lines += part("Top artists", "topArtists", topArtists.map { r.top($0, heading: "Top artists") })
        lines += part("Top releases", "topReleases", topReleases.map { r.top($0, heading: "Top releases") })
        lines += part("Top recordings", "topRecordings", topRecordings.map { r.top($0, heading: "Top recordings") })
        lines += part("Listening activity", "listeningActivity", listening.map { r.activity($0, height: 6) })
        lines += part("Daily activity", "dailyActivity", dailyActivity.map(r.daily))
        lines += part("Artist origins", "artistMap", artistMap.map { r.countries($0, count: count) })
        lines += part("Similar users", "similarUsers", similarUsers.map { r.similarUsers($0, count: count) })
        context.printLines(lines)
        if let incomplete { throw incomplete }
      }
    }
  }
}
