// One write waiting in the outbox as `tunes lb status` lists it: what it is, whose it is (nil: held,
// queued before tunes kept the account), how often it was tried and why it failed last.
import Foundation

public struct WaitingWrite: Sendable, Codable, Equatable {
  public var id: Int64
  public var label: String
  public var account: String?
  public var attempts: Int
  public var lastError: String?

  public init(_ row: PendingSocial) {
    id = row.id ?? 0
    label = row.label
    account = row.account
    attempts = row.attempts
    lastError = row.lastError
  }

  /// "3  alice  pin Björk – Jóga  (tried 2×: cannot reach …)".
  public var line: String {
    var text = "\(id)  \(account ?? "held")  \(label)"
    if attempts > 0 { text += "  (tried \(attempts)×\(lastError.map { ": \($0)" } ?? ""))" }
    return text
  }
}
