// The seam between the ListenBrainz client and the network: a request goes in, a status, headers and
// body come out, or a typed transport failure. CurlTransport is the real one; tests may stand in others.
import Foundation

public struct HTTPRequest: Sendable {
  public var method: String
  public var url: String
  /// Header names as written; `Authorization` carries the token and must never be logged.
  public var headers: [String: String]
  public var body: Data?

  public init(method: String, url: String, headers: [String: String] = [:], body: Data? = nil) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
  }
}

public struct HTTPResponse: Sendable {
  public var status: Int
  /// Header names lowercased (HTTP names are case-insensitive); the last value wins.
  public var headers: [String: String]
  public var body: Data

  public init(status: Int, headers: [String: String], body: Data) {
    self.status = status
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
    self.body = body
  }

  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Why no HTTP response came back. `cause` is the library's own text (never includes headers).
public enum TransportError: Error, Sendable, Equatable {
  case timedOut(cause: String)
  case couldNotConnect(cause: String)
  /// The connection closed before a whole response arrived (the request may have been processed).
  case connectionDropped(cause: String)
  case couldNotResolve(cause: String)
  case other(cause: String)

  public var cause: String {
    switch self {
    case .timedOut(let c), .couldNotConnect(let c), .connectionDropped(let c), .couldNotResolve(let c), .other(let c): return c
    }
  }
}

public protocol HTTPTransport: Sendable {
  func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}
