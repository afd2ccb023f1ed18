// The one place where HTTP statuses, rate-limit headers and transport failures become outcomes.
import Foundation

/// The `X-RateLimit-*` headers of a response (all endpoints send them).
public struct RateLimit: Sendable, Equatable {
  public var limit: Int?
  public var remaining: Int?
  /// Epoch seconds when the window ends.
  public var reset: Int?
  /// Seconds until the window ends (clock-skew proof, the one to wait on).
  public var resetIn: Int?

  init?(_ response: HTTPResponse) {
    func int(_ name: String) -> Int? { response.header(name).flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
    limit = int("X-RateLimit-Limit")
    remaining = int("X-RateLimit-Remaining")
    reset = int("X-RateLimit-Reset")
    resetIn = int("X-RateLimit-Reset-In")
    if limit == nil && remaining == nil && reset == nil && resetIn == nil { return nil }
  }
}

public enum APIOutcome: Sendable, Equatable {
  case ok(body: Data)
  case noContent
  case badRequest(message: String, listen: Data?)
  case unauthorized(message: String)
  case notFound(message: String)
  case rateLimited(resetIn: Int)
  case server(status: Int, message: String?)
  case unexpectedStatus(status: Int, message: String?)
  case network(cause: String, host: String)
  /// The matching error; nil for `ok` and `noContent`.
  public var error: ListenBrainzError? {
    switch self {
    case .ok, .noContent: return nil
    case .badRequest(let m, let l): return .badRequest(message: m, listen: l)
    case .unauthorized(let m): return .unauthorized(message: m)
    case .notFound(let m): return .notFound(message: m)
    case .rateLimited(let r): return .rateLimited(resetIn: r)
    case .server(let s, let m): return .server(status: s, message: m)
    case .unexpectedStatus(let s, let m): return .unexpectedStatus(status: s, message: m)
    case .network(let c, let h): return .network(cause: c, host: h)
    }
  }

  /// True for failures worth retrying later with the same bytes.
  public var isTransient: Bool {
    switch self {
    case .server, .network, .rateLimited: return true
    default: return false
    }
  }
}

public struct ClassifiedResponse: Sendable {
  public var outcome: APIOutcome
  public var rateLimit: RateLimit?
}

public enum ResponseClassifier {
  /// Window length the server uses by default; waited when a 429 lacks a usable X-RateLimit-Reset-In
  /// (missing, not a number, zero or negative: the server sends 1…window).
  static let defaultWindow = 10

  public static func classify(_ result: Result<HTTPResponse, TransportError>, host: String) -> ClassifiedResponse {
    let response: HTTPResponse
    switch result {
    case .failure(let failure): return ClassifiedResponse(outcome: .network(cause: failure.cause, host: host), rateLimit: nil)
    case .success(let r): response = r
    }
    let rateLimit = RateLimit(response)
    let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
    let message = (object?["error"] as? String) ?? (object?["message"] as? String)
    let outcome: APIOutcome
    switch response.status {
    case 200, 201: outcome = .ok(body: response.body)
    case 204: outcome = .noContent
    case 400:
      // submit-listens echoes the offending listen's keys next to code/error.
      var listen: Data? = nil
      if var echoed = object {
        echoed["code"] = nil
        echoed["error"] = nil
        if !echoed.isEmpty { listen = try? JSONSerialization.data(withJSONObject: echoed, options: [.sortedKeys]) }
      }
      outcome = .badRequest(message: message ?? "bad request", listen: listen)
    case 401: outcome = .unauthorized(message: message ?? "unauthorized")
    case 404: outcome = .notFound(message: message ?? "not found")
    case 429: outcome = .rateLimited(resetIn: rateLimit?.resetIn.flatMap { $0 > 0 ? $0 : nil } ?? defaultWindow)
    case 500...599: outcome = .server(status: response.status, message: message)
    default: outcome = .unexpectedStatus(status: response.status, message: message)
    }
    return ClassifiedResponse(outcome: outcome, rateLimit: rateLimit)
  }
}
