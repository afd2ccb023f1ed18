// Errors of the player: what the CLI and the remote-control server show when play cannot go on.
import TunesCore

public enum PlayerError: TunesError, Equatable {
  /// Nothing in the queue could be decoded; names the last file tried and why.
  case nothingPlayable(lastPath: String?, reason: String?)
  case emptyQueue
  case noSuchPosition(Int)
  case noSuchID(Int)
  case badArgument(String)
  /// Reading or writing the saved play state failed.
  case stateStore(String)
  /// The audio device failed (open, write); names it.
  case output(String)
  /// Adding would pass the longest queue the player takes (`max_playlist_length`).
  case queueFull(limit: Int)

  public var exitStatus: ExitStatus {
    switch self {
    case .nothingPlayable: return .dataError
    case .emptyQueue, .noSuchPosition, .noSuchID: return .noInput
    case .badArgument: return .usage
    case .stateStore: return .ioError
    case .output: return .unavailable
    case .queueFull: return .unavailable
    }
  }

  public var description: String {
    switch self {
    case .nothingPlayable(let path, let reason):
      if let path { return "nothing in the queue is playable (last tried \(path): \(reason ?? "cannot decode"))" }
      return "nothing in the queue is playable"
    case .emptyQueue: return "the queue is empty"
    case .noSuchPosition(let position): return "no song at queue position \(position)"
    case .noSuchID(let id): return "no queue entry with id \(id)"
    case .badArgument(let message): return message
    case .stateStore(let message): return "play state (PlayStateStore.swift): \(message)"
    case .output(let message): return "audio output: \(message)"
    case .queueFull(let limit):
      return "the queue is full: it holds at most \(limit) songs (max_playlist_length in the [player] section of config.toml)"
    }
  }
}
