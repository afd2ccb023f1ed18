// What can go wrong with the social side of ListenBrainz (feed, follows, recommendations, reviews),
// as one-line messages with exit statuses. Network, token, rate-limit and server failures are the
// dashboards' (`DashboardError`), wrapped so that every command reports them the same way.
import TunesCore

public enum SocialError: TunesError, Equatable {
  /// Shared with the dashboards: unknown user, no answer, 401, 429, 5xx, bad answers, database.
  case dashboard(DashboardError)
  /// The server's 403 (another user's feed or timeline), or its 401 for an event of a user not followed.
  case forbidden(message: String)
  /// The server's 400 (already following, following yourself, not a follower, bad event…).
  case refused(message: String)
  /// The server's 404 for an event (delete of an event that is not yours or does not exist).
  case noSuchEvent(message: String)
  /// Writing a review needs the account linked to CritiqueBrainz on the ListenBrainz website.
  case critiqueBrainzNotLinked(user: String)
  /// A review that breaks CritiqueBrainz's rules, caught before sending.
  case invalidReview(String)
  /// An event named on the command line in a form tunes cannot read.
  case badEventReference(String)

  public var exitStatus: ExitStatus {
    switch self {
    case .dashboard(let error): return error.exitStatus
    case .forbidden: return .noPermission
    case .refused: return .dataError
    case .noSuchEvent: return .noInput
    case .critiqueBrainzNotLinked: return .config
    case .invalidReview, .badEventReference: return .usage
    }
  }

  public var description: String {
    switch self {
    case .dashboard(let error): return error.description
    case .forbidden(let message): return "ListenBrainz does not allow it: \(message)"
    case .refused(let message): return "ListenBrainz refused the request: \(message)"
    case .noSuchEvent(let message): return "ListenBrainz has no such event: \(message)"
    case .critiqueBrainzNotLinked(let user):
      return
        "\(user) has not linked ListenBrainz to CritiqueBrainz, which keeps the reviews; connect it on https://listenbrainz.org/settings/music-services/details/ and try again"
    case .invalidReview(let text): return text
    case .badEventReference(let text):
      return "'\(text)' is not an event; write KIND/ID as `tunes lb feed` shows it (e.g. rec/12, pin/3, personal/5)"
    }
  }

  /// Whether a write that failed this way should stay queued and be tried again later.
  public var isTransient: Bool {
    if case .dashboard(let error) = self { return error.isTransient }
    return false
  }

  /// The same failure for code that speaks the dashboards' errors (the dashboard's similar-users part).
  public var asDashboardError: DashboardError {
    if case .dashboard(let error) = self { return error }
    return .invalidArgument(description)
  }

  /// A 401 about the token: the write stays queued until `tunes lb login` fixes it.
  public var isTokenRefusal: Bool {
    if case .dashboard(.unauthorized) = self { return true }
    return false
  }
}
