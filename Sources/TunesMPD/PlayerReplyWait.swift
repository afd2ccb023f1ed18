// How long tunes' own commands (and the terminal UI) wait for the running player to answer before they
// give up with an error naming the socket and the wait: `TUNES_PLAYER_TIMEOUT` seconds, else 30, the
// default mpc gives `MPD_TIMEOUT`. Long enough for a player that is busy filling a large queue or
// under a loaded machine, short enough that a player that hangs is reported rather than waited on forever.
import Foundation
import TunesCore

public enum PlayerReplyWait {
  /// The environment variable that sets the wait, in whole seconds.
  public static let variable = "TUNES_PLAYER_TIMEOUT"
  /// The wait when the variable is not set.
  public static let defaultSeconds = 30
  /// The longest wait the variable may ask for: a day.
  public static let maximumSeconds = 86_400

  /// The wait the environment asks for; a value that is not a whole number of seconds from 1 to a day is
  /// refused, never taken for the default.
  public static func seconds(environment: [String: String]) throws(ControlError) -> Int {
    guard let text = environment[variable], !text.isEmpty else { return defaultSeconds }
    guard let seconds = Int(text.trimmingCharacters(in: .whitespaces)), (1...maximumSeconds).contains(seconds) else {
      throw .badReplyWait(text)
    }
    return seconds
  }
}
