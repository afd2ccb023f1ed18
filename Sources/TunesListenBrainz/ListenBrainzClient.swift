// The ListenBrainz HTTP client: builds requests (root, token, User-Agent), sends them through an
// HTTPTransport and classifies the answers. Endpoint helpers for submission live here; read
// endpoints (dashboards) use `get(_:query:as:)`.
import Foundation
import TunesCore

public final class ListenBrainzClient: Sendable, CustomStringConvertible, CustomReflectable {
  public let root: APIRoot
  private let token: String?
  private let transport: any HTTPTransport

  public init(root: APIRoot, token: String?, transport: any HTTPTransport = CurlTransport()) {
    self.root = root
    self.token = token
    self.transport = transport
  }

  public var hasToken: Bool { token != nil }
  public var userAgent: String { "tunes/\(TunesVersion.string)" }

  // The token stays out of `print`, `dump` and string interpolation.
  public var description: String { "ListenBrainzClient(\(root.url))" }
  public var customMirror: Mirror { Mirror(self, children: ["root": root.url]) }

  /// Sends one request to `path` (starting with `/1/`) and classifies the answer.
  public func request(
    _ method: String, _ path: String, query: [(String, String)] = [], body: Data? = nil, authenticated: Bool = true
  ) async -> ClassifiedResponse {
    var url = root.url + path
    if !query.isEmpty {
      var components = URLComponents()
      components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
      url += "?" + (components.percentEncodedQuery ?? "")
    }
    var headers = ["User-Agent": userAgent, "Accept": "application/json"]
    if body != nil { headers["Content-Type"] = "application/json" }
    if authenticated, let token { headers["Authorization"] = "Token \(token)" }
    let result: Result<HTTPResponse, TransportError>
    do {
      result = .success(try await transport.send(HTTPRequest(method: method, url: url, headers: headers, body: body)))
    } catch {
      result = .failure(error)
    }
    return ResponseClassifier.classify(result, host: root.host)
  }

  /// GET a JSON endpoint and decode it; nil for 204 (e.g. statistics not calculated yet).
  public func get<T: Decodable>(_ path: String, query: [(String, String)] = [], as type: T.Type) async throws(ListenBrainzError)
    -> T?
  {
    let reply = await request("GET", path, query: query)
    switch reply.outcome {
    case .noContent: return nil
    case .ok(let body):
      do { return try JSONDecoder().decode(T.self, from: body) } catch {
        throw .badResponse(endpoint: path, reason: "\(error)")
      }
    default: throw reply.outcome.error ?? .badResponse(endpoint: path, reason: "no answer")
    }
  }

  public struct TokenCheck: Sendable, Equatable {
    public var valid: Bool
    public var userName: String?
  }

  /// GET /1/validate-token. An invalid token is HTTP 200 with `valid: false`, reported as `valid == false`.
  public func validateToken() async throws(ListenBrainzError) -> TokenCheck {
    guard token != nil else { throw .notLoggedIn }
    let reply = await request("GET", "/1/validate-token")
    guard case .ok(let body) = reply.outcome else {
      throw reply.outcome.error ?? .badResponse(endpoint: "/1/validate-token", reason: "empty answer")
    }
    guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any], let valid = object["valid"] as? Bool
    else {
      throw .badResponse(endpoint: "/1/validate-token", reason: "no 'valid' field")
    }
    return TokenCheck(valid: valid, userName: object["user_name"] as? String)
  }

  /// POST /1/submit-listens with a body already assembled (see `SubmissionBody`).
  public func submitListens(body: Data) async -> ClassifiedResponse {
    await request("POST", "/1/submit-listens", body: body)
  }

  /// Tells ListenBrainz what is playing now. Not retried: it is stale by the time a retry would land.
  public func playingNow(listen: Data) async throws(ListenBrainzError) {
    let reply = await submitListens(body: SubmissionBody.make(type: .playingNow, listens: [listen]))
    if let error = reply.outcome.error { throw error }
  }
}
