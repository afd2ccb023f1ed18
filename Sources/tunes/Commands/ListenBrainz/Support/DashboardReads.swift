// The reads that `tunes lb stats` and `tunes lb feed` draw, shared with the full-screen UI's ListenBrainz
// view, so both ask the same questions and draw the same lines.
import Foundation
import TunesListenBrainz

enum DashboardReads {
  /// A top list of `user` for `range`, drawn; the answer too, for --json.
  static func top(
    _ entity: TopEntity, user: String, range: StatsRange, count: Int, context: DashboardContext, render: DashboardRender
  ) async throws -> (answer: StatsAnswer<TopList>, lines: [String]) {
    let answer = try await context.dashboard.top(entity, user: user, range: range, count: count)
    return (answer, render.top(answer, heading: "Top \(entity.rawValue) of \(user)"))
  }

  /// The listening activity, the daily activity and the artists' countries of `user` for `range`, drawn one
  /// under the other as `tunes lb dashboard` and `tunes lb stats activity|daily|countries` draw them (the
  /// full-screen UI's Activity section). A part that fails says why in its place; when all three fail, the
  /// first failure is thrown (a dead server or a refused token is one error, not three).
  static func activity(
    user: String, range: StatsRange, count: Int, context: DashboardContext, render: DashboardRender
  ) async throws -> [String] {
    let d = context.dashboard
    async let listening = ListenBrainz.Dashboard.capture { () async throws(DashboardError) in
      try await d.listeningActivity(user: user, range: range)
    }
    async let daily = ListenBrainz.Dashboard.capture { () async throws(DashboardError) in
      try await d.dailyActivity(user: user, range: range)
    }
    async let map = ListenBrainz.Dashboard.capture { () async throws(DashboardError) in
      try await d.artistMap(user: user, range: range)
    }
    let parts: [(title: String, drawn: Result<[String], DashboardError>)] = [
      ("Listening activity", await listening.map { render.activity($0) }),
      ("Daily activity", await daily.map(render.daily)),
      ("Artist origins", await map.map { render.countries($0, count: count) }),
    ]
    var lines: [String] = []
    var failures: [DashboardError] = []
    for part in parts {
      if !lines.isEmpty { lines.append("") }
      switch part.drawn {
      case .success(let drawn): lines += drawn
      case .failure(let error):
        failures.append(error)
        lines += [render.title(part.title), render.dim(error.description)]
      }
    }
    if failures.count == parts.count, let first = failures.first { throw first }
    return lines
  }

  /// Whose feed to show: the named user, else the token's owner (the user stored with the token by
  /// `tunes lb login`, not TUNES_LISTENBRAINZ_USER), else TUNES_LISTENBRAINZ_USER: ListenBrainz shows a
  /// feed only to its owner.
  static func feedUser(_ given: String?, context: DashboardContext) throws -> String {
    let owner = (given?.isEmpty ?? true) ? try context.account.account.listenUser() : nil
    return try context.user(owner ?? given, for: "tunes lb feed")
  }

  /// Sends what waits in the outbox (a read of the feed shows the writes made offline), then reads one
  /// page of the feed. `notes`: the lines about the queued writes sent or refused.
  static func feed(
    user: String, view: FeedView, count: Int, olderThan: Int? = nil, newerThan: Int? = nil, offline: Bool = false,
    global: GlobalOptions, context: DashboardContext
  ) async throws -> (page: FeedPage, notes: [String]) {
    var notes: [String] = []
    if !offline, let acting = try? SocialActing(global: global, what: "tunes lb feed") {
      notes = try await acting.flushQueued()
    }
    let page = try await Social(wire: context.wire).feed(
      user: user, view: view, count: count, olderThan: olderThan, newerThan: newerThan)
    return (page, notes)
  }
}
