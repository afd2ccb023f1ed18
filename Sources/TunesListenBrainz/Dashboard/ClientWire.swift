// The dashboards' wire over the shared ListenBrainz client: its root, token, User-Agent, transport
// (libcurl with timeouts) and response classification, turned back into status and body for Dashboard.
import Foundation

public struct ClientWire: DashboardWire {
  public let client: ListenBrainzClient

  public init(client: ListenBrainzClient) { self.client = client }

  public var host: String { client.root.host }

  public func send(_ method: String, _ path: String, query: [(String, String)], body: Data?) async -> WireReply {
    let reply = await client.request(method, path, query: query, body: body)
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
