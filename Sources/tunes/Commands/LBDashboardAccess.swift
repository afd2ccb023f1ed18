// How the dashboard commands reach ListenBrainz: the API root (TUNES_LISTENBRAINZ_URL), the token
// (TUNES_LISTENBRAINZ_TOKEN) and the user name, and a DashboardWire that sends requests there.
import Foundation
import TunesCore
import TunesListenBrainz

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct LBAccess {
  let wire: any DashboardWire
  let userName: String?

  init(paths: TunesPaths) throws {
    let environment = paths.environment
    let root = environment["TUNES_LISTENBRAINZ_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? "https://api.listenbrainz.org"
    guard let url = URL(string: root), let host = url.host else {
      throw DashboardError.invalidArgument("TUNES_LISTENBRAINZ_URL \(root): not an http(s) URL with a host")
    }
    let token = environment["TUNES_LISTENBRAINZ_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    wire = URLSessionWire(root: root.hasSuffix("/") ? String(root.dropLast()) : root, host: host, token: token)
    userName = environment["TUNES_LISTENBRAINZ_USER"].flatMap { $0.isEmpty ? nil : $0 }
  }
}

struct URLSessionWire: DashboardWire {
  let root: String
  let host: String
  let token: String?

  func send(_ method: String, _ path: String, query: [(String, String)], body: Data?) async -> WireReply {
    var text = root + path
    if !query.isEmpty {
      var components = URLComponents()
      components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
      text += "?" + (components.percentEncodedQuery ?? "")
    }
    guard let url = URL(string: text) else { return .unreachable(cause: "bad URL \(text)") }
    var request = URLRequest(url: url, timeoutInterval: 20)
    request.httpMethod = method
    request.setValue("tunes/\(TunesVersion.string)", forHTTPHeaderField: "User-Agent")
    if let token { request.setValue("Token \(token)", forHTTPHeaderField: "Authorization") }
    if let body {
      request.httpBody = body
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    do {
      let (data, response) = try await URLSession.shared.data(for: request)
      return .response(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
    } catch {
      return .unreachable(cause: (error as NSError).localizedDescription)
    }
  }
}
