// Where the scrobbler learns the account as it is now: the client to send playing_now with and the
// user a listen is queued under, read together, and why submission is off. One source, so the client
// and the user can never come from two readings of the config file: a fixed account (tests, `lb
// flush`) or the live one a long-running player follows (`LiveAccount`).
import Foundation

public struct AccountSource: Sendable {
  /// The account now: the client (nil: logged out) and the user listens are queued under (nil: none known).
  public let now: @Sendable () -> (client: ListenBrainzClient?, user: String?)
  /// Why submission is off now (nil: on).
  public let off: @Sendable () -> String?

  public init(
    now: @escaping @Sendable () -> (client: ListenBrainzClient?, user: String?),
    off: @escaping @Sendable () -> String? = { nil }
  ) {
    self.now = now
    self.off = off
  }

  /// Always the same client and user.
  public static func fixed(client: ListenBrainzClient?, user: String? = nil, off: @escaping @Sendable () -> String? = { nil })
    -> AccountSource
  {
    AccountSource(now: { (client, user) }, off: off)
  }

  /// The config file as it is at each call (a `stat` when it did not change).
  public static func live(_ account: LiveAccount) -> AccountSource {
    AccountSource(now: { account.current() }, off: { account.offReason() })
  }
}
