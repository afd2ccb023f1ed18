// The error contract shared by every module: each module throws its own error enum conforming to
// TunesError, and the CLI maps `exitStatus` to the process exit code in one place.

/// Process exit statuses, following sysexits(3) so scripts can tell failures apart.
public enum ExitStatus: Int32, Sendable {
  case ok = 0
  /// Partial failure: the command did its work but some inputs failed (e.g. unreadable files while indexing).
  case partial = 1
  /// The command line itself is wrong.
  case usage = 64
  /// Input data is malformed: a catalogue, a playlist file, a query.
  case dataError = 65
  /// A named input does not exist: a file, a playlist, a song.
  case noInput = 66
  /// A needed service is not there: no running player, no sound card, the network.
  case unavailable = 69
  /// A bug or an unexpected internal state.
  case software = 70
  /// Reading or writing a file or the database failed.
  case ioError = 74
  /// Try again later: rate limited, a temporary server failure.
  case tempFailure = 75
  /// Permissions: a world-readable token file, a rejected token.
  case noPermission = 77
  /// Configuration is unusable.
  case config = 78
}

/// An error a user can read: one line that names the thing (file, line, frame, playlist) and what is wrong.
public protocol TunesError: Error, CustomStringConvertible, Sendable {
  /// The exit status the CLI uses when this error ends a command.
  var exitStatus: ExitStatus { get }
}

extension String {
  /// An error's text without the "PATH: " it opens with (errors name their file first), for a caller
  /// that shows the path apart; the text as it is when it does not open so.
  public func withoutLeadingPath(_ path: String) -> String {
    hasPrefix(path + ": ") ? String(dropFirst(path.count + 2)) : self
  }
}
