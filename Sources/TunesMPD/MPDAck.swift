// MPD's protocol errors: the ACK codes and the `ACK [code@index] {command} message` line. Backends throw
// MPDError to choose the code a client sees; any other error becomes ACK SYSTEM.

/// The error numbers of MPD's protocol (`enum ack` in MPD's Ack.hxx).
public enum MPDAckCode: Int, Sendable, Hashable {
  case notList = 1
  case argument = 2
  case password = 3
  case permission = 4
  case unknown = 5
  case noExist = 50
  case playlistMax = 51
  case system = 52
  case playlistLoad = 53
  case updateAlready = 54
  case playerSync = 55
  case exist = 56
}

/// An error a client receives as one ACK line. Thrown by the parser, the dispatcher and backends.
public struct MPDError: Error, Sendable, Hashable, CustomStringConvertible {
  public var code: MPDAckCode
  public var message: String

  public init(_ code: MPDAckCode, _ message: String) {
    self.code = code
    self.message = message
  }

  public static func argument(_ message: String) -> MPDError { MPDError(.argument, message) }
  public static func noExist(_ message: String) -> MPDError { MPDError(.noExist, message) }
  public static func exist(_ message: String) -> MPDError { MPDError(.exist, message) }
  public static func system(_ message: String) -> MPDError { MPDError(.system, message) }
  /// MPD's words when an addition would pass its `max_playlist_length`.
  public static let queueFull = MPDError(.playlistMax, "Playlist is too large")

  public var description: String { "MPD error \(code.rawValue): \(message)" }

  /// The reply line, `ACK [code@index] {command} message\n`; `command` is empty for unknown commands and
  /// lines that did not parse, as MPD does.
  public func ackLine(index: Int, command: String) -> String {
    "ACK [\(code.rawValue)@\(index)] {\(command)} \(message)\n"
  }
}
