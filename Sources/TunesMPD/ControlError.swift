// Errors of remote control over MPD: starting the server, reaching a running player, and replies the
// player refused. Each is one line for the user and carries its exit status.
import Foundation
import TunesCore

public enum ControlError: TunesError, Equatable {
  /// Nothing listens on the player socket.
  case noPlayer
  /// Another player already serves `path`.
  case alreadyRunning(path: String)
  /// `path` exists and is not a socket: tunes will not remove it.
  case notASocket(path: String)
  /// A Unix socket path must fit in 107 bytes.
  case socketPathTooLong(path: String)
  /// A system call failed while setting up or using a socket.
  case system(call: String, target: String, errno: Int32)
  /// `--mpd-address` is not an IPv4 address.
  case badAddress(String)
  /// The player answered with an ACK.
  case refused(command: String, message: String)
  /// The connection broke or the reply did not follow the protocol.
  case protocolViolation(String)
  /// The player at `target` (its socket, or host:port) did not answer within `seconds`.
  case noAnswer(target: String, seconds: Int)
  /// `TUNES_PLAYER_TIMEOUT` is not a whole number of seconds from 1 to a day.
  case badReplyWait(String)

  public var exitStatus: ExitStatus {
    switch self {
    case .noPlayer: return .unavailable
    case .alreadyRunning: return .unavailable
    case .notASocket, .socketPathTooLong, .badAddress: return .config
    case .system: return .ioError
    case .refused: return .dataError
    case .protocolViolation: return .software
    case .noAnswer: return .tempFailure
    case .badReplyWait: return .config
    }
  }

  public var description: String {
    switch self {
    case .noPlayer:
      return "no tunes player is running (start one with `tunes play`)"
    case .alreadyRunning(let path):
      return "another tunes player is already listening on \(path)"
    case .notASocket(let path):
      return "\(path) exists and is not a socket; remove it or set TUNES_MPD_SOCKET"
    case .socketPathTooLong(let path):
      return "socket path \(path) is longer than the 107 bytes a Unix socket allows"
    case .system(let call, let target, let code):
      return "\(call) \(target): \(String(cString: strerror(code)))"
    case .badAddress(let address):
      return "\(address) is not an IPv4 address to listen on"
    case .refused(let command, let message):
      return "the player refused \(command): \(message)"
    case .protocolViolation(let what):
      return "MPD protocol: \(what)"
    case .noAnswer(let target, let seconds):
      return "the player on \(target) did not answer within \(seconds) s (\(PlayerReplyWait.variable) sets the wait)"
    case .badReplyWait(let text):
      return "\(PlayerReplyWait.variable)=\(text): not a whole number of seconds from 1 to \(PlayerReplyWait.maximumSeconds)"
    }
  }
}
