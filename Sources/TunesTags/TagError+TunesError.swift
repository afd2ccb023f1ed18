// How tag-reading failures read to a user and which exit status they map to.

import TunesCore

extension TagError: TunesError {
  public var description: String {
    switch self {
    case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
    case .empty(let path): return "\(path): empty file"
    case .notMP3(let path, let reason): return "\(path): not an MP3 file: \(reason)"
    case .truncated(let path, let reason): return "\(path): truncated: \(reason)"
    case .invalid(let path, let reason): return "\(path): invalid: \(reason)"
    }
  }

  public var exitStatus: ExitStatus {
    switch self {
    case .unreadable: return .ioError
    case .empty, .notMP3, .truncated, .invalid: return .dataError
    }
  }

  /// The file the error is about.
  public var path: String {
    switch self {
    case .unreadable(let path, _), .empty(let path), .notMP3(let path, _), .truncated(let path, _), .invalid(let path, _):
      return path
    }
  }
}
