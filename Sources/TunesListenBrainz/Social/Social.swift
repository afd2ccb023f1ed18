// The social endpoints of ListenBrainz: the feed (timeline events, listens of followed and of similar
// users), similar users, linked services, and sending one SocialWrite. Requests go through the
// dashboards' wire (same client, token, cache for reads); answers are classified here because the
// social routes speak differently: 403 for another user's feed, 401 also for "not your follow", 404
// for a missing event as well as a missing user.
import Foundation

public struct Social: Sendable {
  public let wire: any DashboardWire

  public init(wire: any DashboardWire) { self.wire = wire }

  /// `user`'s feed (only the token owner's own is served). `olderThan` is max_ts, `newerThan` min_ts.
  public func feed(
    user: String, view: FeedView = .events, count: Int = Dashboard.defaultCount, olderThan: Int? = nil, newerThan: Int? = nil
  )
    async throws(SocialError) -> FeedPage
  {
    var query = [("count", String(Dashboard.clamp(count)))]
    if let olderThan { query.append(("max_ts", String(olderThan))) }
    if let newerThan { query.append(("min_ts", String(newerThan))) }
    let path = Dashboard.userPath(user, view.pathSuffix)
    let body = try await answer(wire.send("GET", path, query: query, body: nil), endpoint: path, notFound: .user(user))
    let events = try decode(FeedWire.self, body, endpoint: path).events
    return FeedPage(user: user, view: view, events: events)
  }

  public func similarUsers(user: String) async throws(SocialError) -> SimilarUsers {
    let path = Dashboard.userPath(user, "/similar-users")
    let body = try await answer(wire.send("GET", path, query: [], body: nil), endpoint: path, notFound: .user(user))
    return SimilarUsers(user: user, users: try decode(SimilarUsersWire.self, body, endpoint: path).users)
  }

  /// The services linked to `user`'s account ("spotify", "critiquebrainz"…); only the token owner may ask.
  public func services(user: String) async throws(SocialError) -> [String] {
    let path = Dashboard.userPath(user, "/services")
    let body = try await answer(wire.send("GET", path, query: [], body: nil), endpoint: path, notFound: .user(user))
    return try decode(ServicesWire.self, body, endpoint: path).services
  }

  /// POSTs the write; returns the server's answer (the created event for recommendations and reviews).
  @discardableResult
  public func send(_ write: SocialWrite) async throws(SocialError) -> Data {
    let notFound: NotFound
    switch write.action {
    case .follow, .unfollow:
      // The path's user is the one followed: /1/user/{other}/follow.
      let segment = write.path.split(separator: "/").dropFirst(2).first.map(String.init) ?? ""
      notFound = .user(segment.removingPercentEncoding ?? segment)
    case .delete, .hide, .unhide, .thank, .feedback, .pin, .unpin, .deletePin: notFound = .event
    case .recommend, .recommendPersonal, .review:
      let segment = write.path.split(separator: "/").dropFirst(2).first.map(String.init) ?? ""
      notFound = .user(segment.removingPercentEncoding ?? segment)
    }
    return try await answer(wire.send("POST", write.path, query: [], body: write.body), endpoint: write.path, notFound: notFound)
  }

  // MARK: classification

  enum NotFound {
    /// A 404 means this user does not exist.
    case user(String)
    /// A 404 names a missing event (its text says which).
    case event
  }

  /// The 401 texts of the token check (api_tools.validate_auth_header); any other 401 is about the
  /// request, e.g. "You cannot hide events of this user".
  static let tokenMessages = [
    "You need to provide an Authorization header.", "Provided Authorization header is invalid.", "Invalid authorization token.",
  ]

  func answer(_ reply: WireReply, endpoint: String, notFound: NotFound) throws(SocialError) -> Data {
    if case .response(let status, let body) = reply {
      let message = ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any])?["error"] as? String
      switch status {
      case 400: throw .refused(message: message ?? "bad request")
      case 401 where message.map { !Self.tokenMessages.contains($0) && !$0.lowercased().contains("token") } ?? false:
        throw .forbidden(message: message ?? "")
      case 403: throw .forbidden(message: message ?? "forbidden")
      case 404:
        switch notFound {
        case .user(let user): throw .dashboard(.noSuchUser(user))
        case .event: throw .noSuchEvent(message: message ?? "not found")
        }
      default: break
      }
    }
    do {
      return try Dashboard(wire: wire).classify(reply, endpoint: endpoint, user: nil) ?? Data()
    } catch {
      throw .dashboard(error)
    }
  }

  func decode<T: Decodable>(_ type: T.Type, _ body: Data, endpoint: String) throws(SocialError) -> T {
    do {
      return try JSONDecoder().decode(T.self, from: body)
    } catch {
      throw .dashboard(.badResponse(endpoint: endpoint, reason: Dashboard.reason(error)))
    }
  }
}
