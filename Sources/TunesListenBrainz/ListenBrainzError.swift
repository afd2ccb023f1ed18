// Everything that can go wrong talking to ListenBrainz or handling the listen queue, as one-line
// messages with exit statuses. No case ever carries the token.
import Foundation
import TunesCore

public enum ListenBrainzError: TunesError, Equatable {
  /// 400: `listen` is the offending listen as the server echoed it (submit-listens only).
  case badRequest(message: String, listen: Data?)
  case unauthorized(message: String)
  case notFound(message: String)
  case rateLimited(resetIn: Int)
  case server(status: Int, message: String?)
  /// A status the API does not document for this use (403, 405, 413, 415, redirects...).
  case unexpectedStatus(status: Int, message: String?)
  case network(cause: String, host: String)
  /// The answer was not the JSON the endpoint documents.
  case badResponse(endpoint: String, reason: String)
  /// submit-listens answered 200 without ListenBrainz's `{"status": "ok"}` (a captive portal, a
  /// proxy): nothing says the listens were stored, so they stay queued and are sent again later.
  case unconfirmed(host: String, answer: String)
  case invalidRoot(url: String, reason: String)
  case notLoggedIn
  case tokenRejected
  case noSuchListen(id: Int64)
  case database(reason: String)

  public var exitStatus: ExitStatus {
    switch self {
    case .badRequest: return .dataError
    case .unauthorized, .tokenRejected: return .noPermission
    case .notFound, .noSuchListen: return .noInput
    case .rateLimited, .server, .unconfirmed: return .tempFailure
    case .unexpectedStatus, .badResponse: return .software
    case .network: return .unavailable
    case .invalidRoot, .notLoggedIn: return .config
    case .database: return .ioError
    }
  }

  public var description: String {
    switch self {
    case .badRequest(let message, _): return "ListenBrainz refused the request: \(message)"
    case .unauthorized(let message): return "ListenBrainz refused the token (\(message)); run `tunes lb login` again"
    case .notFound(let message): return "ListenBrainz: not found: \(message)"
    case .rateLimited(let resetIn):
      return "ListenBrainz rate limit reached; try again in \(DurationText.wait(seconds: resetIn))"
    case .server(let status, let message): return "ListenBrainz server error \(status)\(message.map { ": \($0)" } ?? "")"
    case .unexpectedStatus(let status, let message):
      return "ListenBrainz answered HTTP \(status)\(message.map { ": \($0)" } ?? "")"
    case .network(let cause, let host): return "cannot reach \(host): \(cause)"
    case .badResponse(let endpoint, let reason): return "unexpected answer from \(endpoint): \(reason)"
    case .unconfirmed(let host, let answer):
      return "\(host) answered 200 but not as ListenBrainz (\(answer)); a captive portal or proxy? The listens stay queued"
    case .invalidRoot(let url, let reason): return "TUNES_LISTENBRAINZ_URL \(url): \(reason)"
    case .notLoggedIn: return "not logged in to ListenBrainz; run `tunes lb login`"
    case .tokenRejected: return "ListenBrainz says the token is invalid; get yours at https://listenbrainz.org/settings/"
    case .noSuchListen(let id): return "no listen with id \(id) in the queue (see `tunes lb queue`)"
    case .database(let reason): return "listen queue: \(reason)"
    }
  }
}
