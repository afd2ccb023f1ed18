// Connecting tunes' own commands to the running player: the client on its socket, and the requests
// that take more than one MPD command (quit, signed seek and volume arguments).
import Foundation
import TunesMPD

/// Connecting tunes' own commands to the running player.
public enum PlayerRemote {
  /// Opens a client on the player's socket, or throws `ControlError.noPlayer`. It waits for each reply
  /// as long as `TUNES_PLAYER_TIMEOUT` in `environment` says (PlayerReplyWait), then fails naming the socket.
  public static func connect(
    socketPath: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(ControlError) -> MPDClient {
    try MPDClient(socketPath: socketPath, timeoutSeconds: PlayerReplyWait.seconds(environment: environment))
  }

  /// A client on the player's socket, or nil when no player listens there (commands that change a
  /// setting save it in the database instead).
  public static func connectIfRunning(
    socketPath: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(ControlError) -> MPDClient? {
    do {
      return try connect(socketPath: socketPath, environment: environment)
    } catch .noPlayer {
      return nil
    }
  }

  /// Sends `kill`. The player may close the connection before its OK arrives; that is success too.
  public static func quit(_ client: MPDClient) throws(ControlError) {
    do {
      try client.run("kill")
    } catch .protocolViolation {
      return
    }
  }

  /// Parses `[+|-]N` for seek and volume: the sign makes it relative.
  public static func signedArgument(_ text: String) -> (relative: Bool, value: Double)? {
    guard let value = Double(text), value.isFinite else { return nil }
    return (text.hasPrefix("+") || text.hasPrefix("-"), value)
  }
}
