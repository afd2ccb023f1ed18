// The seam between the dashboard endpoints and the network: a method, path and query go in, an HTTP
// status and body (or the reason nothing came back) come out. The cache and tests stand in here.
import Foundation

public enum WireReply: Sendable, Equatable {
  case response(status: Int, body: Data)
  /// No HTTP answer; `cause` is one line (e.g. "Couldn't connect to server").
  case unreachable(cause: String)
  /// Offline and no stored answer for this request.
  case notCached
}

public protocol DashboardWire: Sendable {
  /// The host named in network errors.
  var host: String { get }
  func send(_ method: String, _ path: String, query: [(String, String)], body: Data?) async -> WireReply
}

/// Replies from a table (tests, and the offline cache's shape): key is "METHOD path?query".
public struct CannedWire: DashboardWire {
  public let host: String
  public let replies: [String: WireReply]

  public init(host: String = "canned.invalid", replies: [String: WireReply]) {
    self.host = host
    self.replies = replies
  }

  public func send(_ method: String, _ path: String, query: [(String, String)], body: Data?) async -> WireReply {
    replies[WireKey.make(method, path, query)]
      ?? .response(status: 404, body: Data(#"{"code":404,"error":"The requested URL was not found on the server."}"#.utf8))
  }
}

public enum WireKey {
  /// "GET /1/user/x/listens?count=10": the query in the order the endpoint function built it.
  public static func make(_ method: String, _ path: String, _ query: [(String, String)]) -> String {
    var key = method + " " + path
    if !query.isEmpty { key += "?" + query.map { "\($0.0)=\($0.1)" }.joined(separator: "&") }
    return key
  }
}
