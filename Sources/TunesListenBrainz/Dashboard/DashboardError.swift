// What can go wrong reading dashboards or acting on ListenBrainz (feedback, pins, playlist sync), as
// one-line messages with exit statuses. A 204 "not calculated yet" is not an error (StatsAnswer).
import TunesCore

public enum DashboardError: TunesError, Equatable {
  case noSuchUser(String)
  case noSuchPlaylist(String)
  /// No HTTP answer at all: DNS, connect, timeout, dropped connection.
  case network(host: String, cause: String)
  case unauthorized(message: String)
  case refused(message: String)
  case rateLimited(resetIn: Int)
  case server(status: Int, message: String?)
  case unexpectedStatus(status: Int, endpoint: String, message: String?)
  case badResponse(endpoint: String, reason: String)
  case notLoggedIn(what: String)
  /// A write (feedback, a pin, a follow, a push) with no token: nothing was sent or queued.
  case loginNeeded(what: String)
  /// `--offline` and nothing was ever fetched for this view.
  case notCached(endpoint: String)
  case database(reason: String)
  case noSong(String)
  case noRecordingId(song: String)
  case nothingPlaying
  case invalidArgument(String)
  /// A playlist push stopped part way (`cause`): the remote playlist still holds its `old` earlier
  /// tracks, then `kept` that begin the new list and `added` of the `of` new ones that follow them.
  indirect case pushIncomplete(title: String, old: Int, kept: Int, added: Int, of: Int, cause: DashboardError)

  public var exitStatus: ExitStatus {
    switch self {
    case .noSuchUser, .noSuchPlaylist, .notCached, .noSong, .nothingPlaying: return .noInput
    case .network: return .unavailable
    case .unauthorized: return .noPermission
    case .refused, .noRecordingId: return .dataError
    case .rateLimited, .server: return .tempFailure
    case .unexpectedStatus, .badResponse: return .software
    case .notLoggedIn, .loginNeeded: return .config
    case .database: return .ioError
    case .invalidArgument: return .usage
    case .pushIncomplete(_, _, _, _, _, let cause): return cause.exitStatus
    }
  }

  public var description: String {
    switch self {
    case .noSuchUser(let user): return "no ListenBrainz user \(user)"
    case .noSuchPlaylist(let id): return "no ListenBrainz playlist \(id) (or it is private)"
    case .network(let host, let cause): return "cannot reach \(host): \(cause)"
    case .unauthorized(let message): return "ListenBrainz refused the token (\(message)); run `tunes lb login` again"
    case .refused(let message): return "ListenBrainz refused the request: \(message)"
    case .rateLimited(let resetIn): return "ListenBrainz rate limit reached; try again in \(resetIn) s"
    case .server(let status, let message): return "ListenBrainz server error \(status)\(message.map { ": \($0)" } ?? "")"
    case .unexpectedStatus(let status, let endpoint, let message):
      return "ListenBrainz answered HTTP \(status) to \(endpoint)\(message.map { ": \($0)" } ?? "")"
    case .badResponse(let endpoint, let reason): return "unexpected answer from \(endpoint): \(reason)"
    case .notLoggedIn(let what): return "\(what) needs a ListenBrainz user; run `tunes lb login` or name a USER"
    case .loginNeeded(let what):
      return "\(what) needs you logged in to ListenBrainz; run `tunes lb login` first (nothing was sent or queued)"
    case .notCached(let endpoint): return "nothing cached for \(endpoint) yet; run it once without --offline"
    case .database(let reason): return "dashboard cache: \(reason)"
    case .noSong(let text): return "no song in the library matches '\(text)'"
    case .noRecordingId(let song):
      return "\(song) has no recording MBID and ListenBrainz gave no MSID for it; tag it with MusicBrainz Picard first"
    case .nothingPlaying: return "nothing is playing; name a SONG"
    case .invalidArgument(let text): return text
    case .pushIncomplete(let title, let old, let kept, let added, let of, let cause):
      let new = kept + added
      let total = kept + of
      return "pushing '\(title)' stopped (\(cause.description)): ListenBrainz holds its \(old) earlier "
        + "track\(old == 1 ? "" : "s") and \(new) of the \(total) new one\(total == 1 ? "" : "s") after them, "
        + "no song lost; run the push again to finish"
    }
  }

  /// Whether an action that failed this way should be queued and tried again later.
  public var isTransient: Bool {
    switch self {
    case .network, .rateLimited, .server: return true
    case .pushIncomplete(_, _, _, _, _, let cause): return cause.isTransient
    default: return false
    }
  }
}
