// The dashboard endpoints: one function per ListenBrainz read (and the playlist writes; every other
// write is a SocialWrite sent through the outbox), each building its request, classifying the answer and decoding it defensively.
import Foundation

public struct Dashboard: Sendable {
  /// Server limits (listenbrainz-server webserver/views/api_tools.py: DEFAULT/MAX_ITEMS_PER_GET).
  public static let defaultCount = 25
  public static let maxCount = 1000

  public let wire: any DashboardWire

  public init(wire: any DashboardWire) { self.wire = wire }

  // MARK: listens

  public func listenCount(user: String) async throws(DashboardError) -> ListenCount {
    let wire = try await get(Self.userPath(user, "/listen-count"), user: user, as: ListenCountWire.self)
    return ListenCount(user: user, count: wire.count)
  }

  /// Newest listens first; `olderThan` pages back (max_ts), `newerThan` asks for the oldest ones after min_ts.
  public func listens(user: String, count: Int = defaultCount, olderThan: Int? = nil, newerThan: Int? = nil)
    async throws(DashboardError) -> ListensPage
  {
    var query = [("count", String(Self.clamp(count)))]
    if let olderThan { query.append(("max_ts", String(olderThan))) }
    if let newerThan { query.append(("min_ts", String(newerThan))) }
    let wire = try await get(Self.userPath(user, "/listens"), query: query, user: user, as: ListensWire.self)
    return ListensPage(user: user, listens: wire.listens, latestListenAt: wire.latest, oldestListenAt: wire.oldest)
  }

  /// The newest `count` listens, newest first, paging back up to 1000 at a time. ListenBrainz orders
  /// by `listened_at` (whole seconds) and `max_ts` is exclusive, so a page that ends inside a second
  /// may leave more listens of that second behind: each next page starts at that second again
  /// (`max_ts` = last + 1) and listens already collected are dropped by their identity
  /// (`listened_at`, `recording_msid`), so none is lost or shown twice. A second holding a whole page
  /// cannot be paged through; then the next page steps past it.
  public func recentListens(user: String, count: Int) async throws(DashboardError) -> ListensPage {
    let first = try await listens(user: user, count: min(count, Self.maxCount))
    var all: [Listen] = []
    var seen = Set<String>()
    func add(_ listens: [Listen]) -> Int {
      var added = 0
      for listen in listens where all.count < count && seen.insert(Self.identity(listen)).inserted {
        all.append(listen)
        added += 1
      }
      return added
    }
    _ = add(first.listens)
    var page = first
    var stepPast = false
    while all.count < count, page.olderThan != nil, let last = page.listens.last?.listenedAt {
      let again = stepPast ? 0 : all.reduce(0) { $0 + ($1.listenedAt == last ? 1 : 0) }
      page = try await listens(
        user: user, count: min(count - all.count + again, Self.maxCount), olderThan: stepPast ? last : last + 1)
      if page.listens.isEmpty { break }
      if add(page.listens) > 0 {
        stepPast = false
      } else if stepPast {
        break
      } else {
        stepPast = true
      }
    }
    return ListensPage(user: user, listens: all, latestListenAt: first.latestListenAt, oldestListenAt: first.oldestListenAt)
  }

  /// What tells two listens of one user apart: the server's duplicate key (`listened_at`, MSID), or
  /// the names when an answer lacks the MSID.
  static func identity(_ listen: Listen) -> String {
    let track = listen.track
    let what = track.recordingMsid ?? [track.artistName, track.trackName, track.releaseName ?? ""].joined(separator: "\u{1F}")
    return "\(listen.listenedAt ?? 0)|\(what)"
  }

  public func playingNow(user: String) async throws(DashboardError) -> PlayingNow {
    struct Wire: Decodable {
      let listen: Listen?
      init(from decoder: any Decoder) throws {
        let payload = try decoder.container(keyedBy: AnyKey.self).nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("payload"))
        listen = payload.list(AnyKey("listens"), of: ListenWire.self).first.map {
          var listen = $0.listen
          listen.playingNow = true
          return listen
        }
      }
    }
    let wire = try await get(Self.userPath(user, "/playing-now"), user: user, as: Wire.self)
    return PlayingNow(user: user, listen: wire.listen)
  }

  // MARK: statistics

  public func top(_ entity: TopEntity, user: String, range: StatsRange = .allTime, count: Int = 10, offset: Int = 0)
    async throws(DashboardError) -> StatsAnswer<TopList>
  {
    let path = "/1/stats/user/\(Self.segment(user))/\(entity.rawValue)"
    let query = [("range", range.rawValue), ("count", String(Self.clamp(count))), ("offset", String(max(0, offset)))]
    guard let body = try await fetch(path, query: query, user: user) else { return .notCalculated(user: user) }
    do {
      return .ready(try TopListWire.decode(body, entity: entity, user: user))
    } catch {
      throw .badResponse(endpoint: path, reason: Self.reason(error))
    }
  }

  public func listeningActivity(user: String, range: StatsRange = .allTime) async throws(DashboardError) -> StatsAnswer<
    ListeningActivity
  > {
    let path = "/1/stats/user/\(Self.segment(user))/listening-activity"
    guard let wire = try await getOptional(path, query: [("range", range.rawValue)], user: user, as: ListeningActivityWire.self)
    else {
      return .notCalculated(user: user)
    }
    return .ready(ListeningActivity(user: user, range: wire.range, buckets: wire.buckets, lastUpdated: wire.lastUpdated))
  }

  public func dailyActivity(user: String, range: StatsRange = .allTime) async throws(DashboardError) -> StatsAnswer<DailyActivity>
  {
    let path = "/1/stats/user/\(Self.segment(user))/daily-activity"
    guard let wire = try await getOptional(path, query: [("range", range.rawValue)], user: user, as: DailyActivityWire.self)
    else {
      return .notCalculated(user: user)
    }
    return .ready(DailyActivity(user: user, range: wire.range, counts: wire.counts, lastUpdated: wire.lastUpdated))
  }

  public func artistMap(user: String, range: StatsRange = .allTime) async throws(DashboardError) -> StatsAnswer<ArtistMap> {
    let path = "/1/stats/user/\(Self.segment(user))/artist-map"
    guard let wire = try await getOptional(path, query: [("range", range.rawValue)], user: user, as: ArtistMapWire.self) else {
      return .notCalculated(user: user)
    }
    return .ready(ArtistMap(user: user, range: wire.range, countries: wire.countries, lastUpdated: wire.lastUpdated))
  }

  // MARK: social

  public func follows(_ direction: FollowList.Direction, user: String) async throws(DashboardError) -> FollowList {
    let wire = try await get(Self.userPath(user, "/" + direction.rawValue), user: user, as: FollowWire.self)
    return FollowList(
      user: wire.user ?? user, direction: direction, names: direction == .followers ? wire.followers : wire.following)
  }

  public func feedback(user: String, score: FeedbackScore, count: Int = defaultCount, offset: Int = 0)
    async throws(DashboardError) -> FeedbackPage
  {
    let path = "/1/feedback/user/\(Self.segment(user))/get-feedback"
    let query = [
      ("score", String(score.rawValue)), ("count", String(Self.clamp(count))), ("offset", String(max(0, offset))),
      ("metadata", "true"),
    ]
    let wire = try await get(path, query: query, user: user, as: FeedbackWire.self)
    // Defensive: keep only the score asked for, whatever the server mixed in.
    let items = wire.items.filter { $0.score == score.rawValue }
    return FeedbackPage(
      user: user, score: score, items: items, totalCount: wire.total ?? items.count, offset: wire.offset ?? offset)
  }

  public func pins(user: String, count: Int = defaultCount, offset: Int = 0) async throws(DashboardError) -> PinList {
    let path = "/1/\(Self.segment(user))/pins"
    let wire = try await get(
      path, query: [("count", String(Self.clamp(count))), ("offset", String(max(0, offset)))], user: user, as: PinListWire.self)
    return PinList(user: user, pins: wire.pins, totalCount: wire.total ?? wire.pins.count, offset: wire.offset ?? offset)
  }

  public func currentPin(user: String) async throws(DashboardError) -> Pin? {
    try await get("/1/\(Self.segment(user))/pins/current", user: user, as: OnePinWire.self).pin
  }

  public func playlists(user: String, kind: RemotePlaylistListKind = .createdBy, count: Int = defaultCount, offset: Int = 0)
    async throws(DashboardError) -> RemotePlaylistList
  {
    let path = "/1/user/\(Self.segment(user))/playlists" + kind.pathSuffix
    let query = [("count", String(max(0, min(count, Self.maxCount)))), ("offset", String(max(0, offset)))]
    let wire = try await get(path, query: query, user: user, as: RemotePlaylistListWire.self)
    return RemotePlaylistList(
      user: user, kind: kind, playlists: wire.playlists, totalCount: wire.total ?? wire.playlists.count,
      offset: wire.offset ?? offset)
  }

  public func playlist(mbid: String) async throws(DashboardError) -> RemotePlaylist {
    try await playlistWithJSPF(mbid: mbid).playlist
  }

  /// The playlist and the JSPF document exactly as served (for a JSPF reader that keeps every field).
  public func playlistWithJSPF(mbid: String) async throws(DashboardError) -> (playlist: RemotePlaylist, jspf: Data) {
    let path = "/1/playlist/\(Self.segment(mbid))"
    let reply = await wire.send("GET", path, query: [], body: nil)
    if case .response(404, _) = reply { throw .noSuchPlaylist(mbid) }
    guard let body = try classify(reply, endpoint: path, user: nil) else {
      throw .badResponse(endpoint: path, reason: "empty answer")
    }
    guard var playlist = (try? JSONDecoder().decode(PlaylistEnvelopeWire.self, from: body))?.playlist else {
      throw .badResponse(endpoint: path, reason: "no playlist object")
    }
    if playlist.mbid == nil { playlist.mbid = MBID.normalised(mbid) }
    return (playlist, body)
  }

  public func searchUsers(_ term: String) async throws(DashboardError) -> UserSearch {
    // The route ends with a slash; without it the server answers 308.
    let wire = try await get("/1/search/users/", query: [("search_term", term)], user: nil, as: UserSearchWire.self)
    return UserSearch(term: term, users: wire.users)
  }

  // MARK: acting

  /// The pin in the answer to `POST /1/pin` (SocialWrite.pin), for its end date.
  public static func pin(fromAnswer body: Data) -> Pin? { (try? JSONDecoder().decode(OnePinWire.self, from: body))?.pin }

  /// POST /1/playlist/create with a JSPF document; returns the new playlist's MBID.
  public func createPlaylist(jspf: Data) async throws(DashboardError) -> String {
    let reply = await wire.send("POST", "/1/playlist/create", query: [], body: jspf)
    let body = try classify(reply, endpoint: "/1/playlist/create", user: nil) ?? Data()
    let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    guard let mbid = (object?["playlist_mbid"] as? String).flatMap(MBID.normalised) else {
      throw .badResponse(endpoint: "/1/playlist/create", reason: "no playlist_mbid")
    }
    return mbid
  }

  // MARK: plumbing

  func post(_ path: String, _ object: [String: Any]) async throws(DashboardError) -> Data {
    let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    return try classify(await wire.send("POST", path, query: [], body: body), endpoint: path, user: nil) ?? Data()
  }

  /// The body of a 200, nil for a 204; errors for everything else.
  private func fetch(_ path: String, query: [(String, String)] = [], user: String?) async throws(DashboardError) -> Data? {
    try classify(await wire.send("GET", path, query: query, body: nil), endpoint: path, user: user)
  }

  private func getOptional<T: Decodable>(_ path: String, query: [(String, String)] = [], user: String?, as type: T.Type)
    async throws(DashboardError) -> T?
  {
    guard let body = try await fetch(path, query: query, user: user) else { return nil }
    do {
      return try JSONDecoder().decode(T.self, from: body)
    } catch {
      throw .badResponse(endpoint: path, reason: Self.reason(error))
    }
  }

  private func get<T: Decodable>(_ path: String, query: [(String, String)] = [], user: String?, as type: T.Type)
    async throws(DashboardError) -> T
  {
    guard let value = try await getOptional(path, query: query, user: user, as: type) else {
      throw .badResponse(endpoint: path, reason: "HTTP 204 with no content")
    }
    return value
  }

  /// The one place statuses become outcomes for the dashboards (404 on a user route = no such user).
  func classify(_ reply: WireReply, endpoint: String, user: String?) throws(DashboardError) -> Data? {
    switch reply {
    case .unreachable(let cause): throw .network(host: wire.host, cause: cause)
    case .notCached: throw .notCached(endpoint: endpoint)
    case .response(let status, let body):
      let message = ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any])?["error"] as? String
      switch status {
      case 200, 201: return body
      case 204: return nil
      case 400: throw .refused(message: message ?? "bad request")
      case 401: throw .unauthorized(message: message ?? "unauthorized")
      case 404:
        if let user { throw .noSuchUser(user) }
        throw .unexpectedStatus(status: 404, endpoint: endpoint, message: message)
      case 429:
        let reset = ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any])?["reset_in"] as? Int
        throw .rateLimited(resetIn: reset ?? 10)
      case 500...599: throw .server(status: status, message: message)
      default: throw .unexpectedStatus(status: status, endpoint: endpoint, message: message)
      }
    }
  }

  static func clamp(_ count: Int) -> Int { max(1, min(count, maxCount)) }

  /// A user name or id as one path segment (names may hold spaces, '/', '?').
  static func segment(_ text: String) -> String {
    // ASCII unreserved characters only: everything else, letters with accents included, is encoded.
    let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }

  static func userPath(_ user: String, _ rest: String) -> String { "/1/user/\(segment(user))\(rest)" }

  static func reason(_ error: any Error) -> String {
    if case DecodingError.keyNotFound(let key, _) = error { return "no \(key.stringValue)" }
    if case DecodingError.dataCorrupted(let context) = error { return context.debugDescription }
    if case DecodingError.typeMismatch(_, let context) = error {
      return "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
    }
    return "\(error)"
  }
}
