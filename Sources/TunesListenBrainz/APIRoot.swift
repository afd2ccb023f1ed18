// Where the API lives: `TUNES_LISTENBRAINZ_URL` or https://api.listenbrainz.org. Plain http is allowed
// only for loopback hosts, so a token never crosses a network unencrypted. A trailing `/1` (the API
// version every path starts with) is dropped; a port outside 1…65535 is refused.
import Foundation

public struct APIRoot: Sendable, Equatable, CustomStringConvertible {
  public static let production = "https://api.listenbrainz.org"
  public static let environmentVariable = "TUNES_LISTENBRAINZ_URL"

  /// The root without a trailing slash, e.g. `http://127.0.0.1:8080`.
  public let url: String
  public let host: String

  public var description: String { url }

  public init(_ text: String) throws(ListenBrainzError) {
    var trimmed = text.trimmingCharacters(in: .whitespaces)
    while trimmed.hasSuffix("/") { trimmed.removeLast() }
    // Every API path starts with /1, which tunes adds: a root written with it (`…:8080/1`, as the
    // API documentation writes URLs) would make requests to /1/1/….
    if trimmed.hasSuffix("/1"), let components = URLComponents(string: trimmed), components.path.hasSuffix("/1") {
      trimmed.removeLast(2)
      while trimmed.hasSuffix("/") { trimmed.removeLast() }
    }
    guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
      let host = components.host, !host.isEmpty
    else { throw .invalidRoot(url: text, reason: "not an http(s) URL with a host") }
    guard components.query == nil, components.fragment == nil, components.user == nil else {
      throw .invalidRoot(url: text, reason: "must not carry a query, fragment or user")
    }
    if let port = components.port, !(1...65535).contains(port) {
      throw .invalidRoot(url: text, reason: "port \(port) is not between 1 and 65535")
    }
    switch scheme {
    case "https": break
    case "http":
      guard APIRoot.isLoopback(host) else {
        throw .invalidRoot(url: text, reason: "plain http is allowed only for 127.0.0.0/8, ::1 and localhost; use https")
      }
    default: throw .invalidRoot(url: text, reason: "scheme \(scheme) is not http or https")
    }
    self.url = trimmed
    self.host = host
  }

  public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
    throws(ListenBrainzError) -> APIRoot
  {
    if let value = environment[environmentVariable], !value.isEmpty { return try APIRoot(value) }
    return try APIRoot(production)
  }

  static func isLoopback(_ rawHost: String) -> Bool {
    let host = rawHost.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4, parts.first == "127" else { return false }
    return parts.allSatisfy { part in part.count <= 3 && UInt8(part) != nil }
  }
}
