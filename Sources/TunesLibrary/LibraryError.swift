// The errors of the library module: malformed catalogues and queries, missing inputs, interrupted runs.
// Each names the file (with line and column) or the query token (with its position) that is wrong.
import TunesCore

public enum LibraryError: TunesError, Equatable {
  /// The catalogue is not (tolerant) JSON, or has the wrong shape; line and column are 1-based.
  case malformedCatalogue(path: String, line: Int, column: Int, reason: String)
  /// A path given to `tunes index` does not exist.
  case noSuchPath(String)
  /// A file given to `tunes index` is none of what it indexes (an MP3, a .json catalogue, a playlist).
  case notIndexable(String)
  /// A query could not be parsed; `position` is the 1-based character offset of `token` in the query.
  case badQuery(token: String, position: Int, reason: String)
  /// No song matches an id, path or query.
  case songNotFound(String)
  /// The indexing run stopped before it finished (what was committed stays consistent; run it again).
  case interrupted(reason: String)

  public var exitStatus: ExitStatus {
    switch self {
    case .malformedCatalogue, .badQuery, .notIndexable: return .dataError
    case .noSuchPath, .songNotFound: return .noInput
    case .interrupted: return .ioError
    }
  }

  public var description: String {
    switch self {
    case .malformedCatalogue(let path, let line, let column, let reason):
      return "\(path):\(line):\(column): malformed catalogue: \(reason)"
    case .noSuchPath(let path):
      // The command line's bytes reach Swift as text: a name that is not UTF-8 arrives with U+FFFD in it.
      if path.unicodeScalars.contains("\u{FFFD}") {
        return "\(path): no such file or folder (a name that is not UTF-8 cannot be indexed; rename it)"
      }
      return "\(path): no such file or folder"
    case .notIndexable(let path): return "\(path): not an MP3 file, a .json catalogue or a playlist file"
    case .badQuery(let token, let position, let reason):
      return "bad query at character \(position) (\(token)): \(reason)"
    case .songNotFound(let what): return "no song matches \(what)"
    case .interrupted(let reason): return "indexing stopped: \(reason); run it again to finish"
    }
  }
}
