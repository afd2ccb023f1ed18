// The reads that `tunes lb stats artists|releases|recordings` and `tunes lb feed` draw, shared with the
// full-screen UI's ListenBrainz view, so both ask the same questions and draw the same lines.
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
