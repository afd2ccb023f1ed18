// Everything that can go wrong talking to ListenBrainz or handling the listen queue, as one-line
// messages with exit statuses. No case ever carries the token.
import Foundation
import TunesCore
import TunesLibrary

public enum ListenBrainzError: TunesError, Equatable {
  /// 400: `listen` is the offending listen as the server echoed it (submit-listens only).
  case badRequest(message: String, listen: Data?)
  case unauthorized(message: String)
  /// A 401 for a token the server still calls valid: the account may not submit now (paused, no
  /// e-mail address). The listens stay queued and are sent again later; a new token would not help.
  case accountRefused(message: String)
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
  /// Submission is turned off (TUNES_LISTENBRAINZ=off, or `enabled = false`): `reason` says which.
  case submissionOff(reason: String)
  /// The off switch holds something other than on or off.
  case invalidSwitch(setting: String)
  /// `tunes lb login` read an empty token (an empty line on stdin, Enter at the prompt).
  case emptyToken
  case tokenRejected
  case noSuchListen(id: Int64)
  /// `tunes lb retry` of a listen over the server's size limit (ListenSize): it would be refused again.
  case listenTooLarge(id: Int64, bytes: Int)
  case database(reason: String)
  /// Another process holds a write transaction on the library: said as every writing command says it.
  case libraryLocked(path: String, holders: [String])

  /// `error` as `libraryLocked` when it is SQLite's busy or locked error of a write to the library at `path`.
  static func locked(_ error: any Error, path: String) -> ListenBrainzError? {
    guard case .writeLocked(let path, let holders) = LibraryOpenError.writeLocked(error, path: path) else { return nil }
    return .libraryLocked(path: path, holders: holders)
  }

  public var exitStatus: ExitStatus {
    switch self {
    case .badRequest, .listenTooLarge: return .dataError
    case .emptyToken: return .usage
    case .unauthorized, .tokenRejected: return .noPermission
    case .notFound, .noSuchListen: return .noInput
    case .rateLimited, .server, .unconfirmed, .accountRefused: return .tempFailure
    case .unexpectedStatus, .badResponse: return .software
    case .network: return .unavailable
    case .invalidRoot, .notLoggedIn, .submissionOff, .invalidSwitch: return .config
    case .database: return .ioError
    case .libraryLocked(let path, let holders): return LibraryOpenError.writeLocked(path: path, holders: holders).exitStatus
    }
  }

  public var description: String {
    switch self {
    case .badRequest(let message, _): return "ListenBrainz refused the request: \(message)"
    case .unauthorized(let message): return "ListenBrainz refused the token (\(message)); run `tunes lb login` again"
    case .accountRefused(let message):
      return "ListenBrainz does not take listens from this account now: \(message) (the token is valid; listens stay queued)"
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
    case .submissionOff(let reason): return "ListenBrainz submission is off (\(reason)); nothing sent"
    case .invalidSwitch(let setting): return "\(setting): the ListenBrainz switch is on or off (true or false in the config file)"
    case .emptyToken:
      return
        "no token given (an empty line); paste your user token from https://listenbrainz.org/settings/ or set TUNES_LISTENBRAINZ_TOKEN"
    case .tokenRejected: return "ListenBrainz says the token is invalid; get yours at https://listenbrainz.org/settings/"
    case .noSuchListen(let id): return "no listen with id \(id) in the queue (see `tunes lb queue`)"
    case .listenTooLarge(let id, let bytes):
      return
        "listen \(id) is \(bytes) bytes, over ListenBrainz's limit of \(ListenBrainzLimits.maxListenSize) bytes per listen; it stays rejected"
    case .database(let reason): return "listen queue: \(reason)"
    case .libraryLocked(let path, let holders):
      return LibraryOpenError.writeLocked(path: path, holders: holders).description
    }
  }
}
