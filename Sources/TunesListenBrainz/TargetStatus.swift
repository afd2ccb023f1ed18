// The state of one scrobble target besides ListenBrainz (a Maloja or Koito server…), as `tunes lb
// status` shows it: each target has its own queue, back-off and last error, so each is reported apart.
import Foundation
import TunesCore
import TunesLibrary

public struct TargetStatus: Sendable, Codable, Equatable {
  public var name: String
  public var url: String?
  public var user: String?
  public var loggedIn: Bool
  public var pending: Int
  public var rejected: Int
  public var lastSubmissionAt: Int?
  public var lastError: String?
  public var lastErrorAt: Int?
  public var tokenRejected: Bool

  public static func read(library: Library, account: Account) throws -> TargetStatus {
    let queue = ListenQueue(library: library, target: account.target)
    return TargetStatus(
      name: account.target, url: try? account.root().url, user: try account.userName(),
      loggedIn: ((try? account.token()) ?? nil) != nil, pending: try queue.count(.pending) + queue.count(.playing),
      rejected: try queue.count(.rejected), lastSubmissionAt: try queue.fact(.lastSubmissionAt).flatMap { Int($0) },
      lastError: try queue.fact(.lastError), lastErrorAt: try queue.fact(.lastErrorAt).flatMap { Int($0) },
      tokenRejected: try queue.fact(.tokenRejected) != nil)
  }

  /// One line: `koito (http://…): user bob; pending 3; rejected 0; last submission …; last error …`.
  public var line: String {
    var parts = ["user \(user ?? "-")\(loggedIn ? "" : " (not logged in)")", "pending \(pending)", "rejected \(rejected)"]
    parts.append("last submission \(lastSubmissionAt.map { DateText.iso(epoch: $0) } ?? "never")")
    if let lastError { parts.append("last error: \(lastError)\(lastErrorAt.map { " at \(DateText.iso(epoch: $0))" } ?? "")") }
    if tokenRejected { parts.append("stopped, the token was refused") }
    return "\(name) (\(url ?? "no url")): " + parts.joined(separator: "; ")
  }
}
