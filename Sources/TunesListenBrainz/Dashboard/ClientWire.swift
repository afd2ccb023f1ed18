// The dashboards' wire over the shared ListenBrainz client: its root, token, User-Agent, transport
// (libcurl with timeouts) and response classification, turned back into status and body for Dashboard.
// A read the server refuses for the token (a revoked or mistyped one: ListenBrainz checks a token sent
// even where none is needed) is asked again without it, so public data (another user's playlists,
// statistics, `playlist pull URL`) still shows; a read that needs the token gets the 401 again.
import Foundation

public struct ClientWire: DashboardWire {
  public let client: ListenBrainzClient
  /// A few requests at a time, paced by the server's rate-limit headers (RequestGate).
  private let gate: RequestGate

  public init(client: ListenBrainzClient, gate: RequestGate = RequestGate()) {
    self.client = client
    self.gate = gate
  }

  public var host: String { client.root.host }

  public func send(_ method: String, _ path: String, query: [(String, String)], body: Data?) async -> WireReply {
    let client = self.client
    var reply = await gate.run { () async -> (ClassifiedResponse, RateLimit?) in
      let reply = await client.request(method, path, query: query, body: body)
      return (reply, reply.rateLimit)
    }
    if method == "GET", client.hasToken, case .unauthorized = reply.outcome {
      reply = await gate.run { () async -> (ClassifiedResponse, RateLimit?) in
        let reply = await client.request(method, path, query: query, body: body, authenticated: false)
        return (reply, reply.rateLimit)
      }
    }
    func error(_ status: Int, _ message: String?) -> WireReply {
      var object: [String: Any] = ["code": status]
      if let message { object["error"] = message }
      return .response(status: status, body: (try? JSONSerialization.data(withJSONObject: object)) ?? Data())
    }
    switch reply.outcome {
    case .ok(let body): return .response(status: 200, body: body)
    case .noContent: return .response(status: 204, body: Data())
    case .badRequest(let message, _): return error(400, message)
    case .unauthorized(let message): return error(401, message)
    case .notFound(let message): return error(404, message)
    case .rateLimited(let resetIn):
      // Dashboard reads the wait from "reset_in" (the classifier took it from X-RateLimit-Reset-In).
      return .response(
        status: 429, body: (try? JSONSerialization.data(withJSONObject: ["code": 429, "reset_in": resetIn])) ?? Data())
    case .server(let status, let message): return error(status, message)
    case .unexpectedStatus(let status, let message): return error(status, message)
    case .network(let cause, _): return .unreachable(cause: cause)
    }
  }
}
