// Every way a playlist operation or a playlist file can be refused, as one line a user can act on.
import TunesCore

public enum PlaylistError: TunesError, Equatable {
  /// No playlist has this name; `closest` are existing names within a small edit distance.
  case unknownPlaylist(name: String, closest: [String])
  case nameExists(name: String)
  case emptyName
  case controlCharacter(name: String, scalar: UInt32)
  /// A 1-based position outside `1...upper` (upper 0: the playlist is empty).
  case positionOutOfRange(playlist: String, position: Int, upper: Int)
  case badRange(String)
  /// Editing the entries of a smart playlist: its songs follow its query.
  case smartPlaylist(name: String)
  case unknownSortKey(String, valid: [String])
  case unknownFormat(path: String)
  /// A playlist file that does not parse: `place` is "line N" or a JSON path such as `$.playlist.track[2]`.
  case parse(file: String, place: String, reason: String)
  case unreadable(path: String, reason: String)
  case cannotWrite(path: String, reason: String)
  case notInLibrary(path: String)
  /// A path given to add that names nothing on disk.
  case noSuchFile(path: String)
  case noSongs(query: String)
  /// `remove --query`: the query finds songs, but none of them is in the playlist.
  case noEntries(playlist: String, query: String)
  case queryFailed(query: String, reason: String)
  case database(String)

  public var exitStatus: ExitStatus {
    switch self {
    case .unknownPlaylist, .unreadable, .notInLibrary, .noSuchFile, .noSongs, .noEntries: return .noInput
    case .nameExists, .emptyName, .controlCharacter, .positionOutOfRange, .badRange, .smartPlaylist,
      .unknownSortKey, .unknownFormat:
      return .usage
    case .parse, .queryFailed: return .dataError
    case .database, .cannotWrite: return .ioError
    }
  }

  public var description: String {
    switch self {
    case .unknownPlaylist(let name, let closest):
      if closest.isEmpty { return "no playlist named '\(name)' (`tunes playlist list` shows them all)" }
      return "no playlist named '\(name)'; closest: " + closest.map { "'\($0)'" }.joined(separator: ", ")
    case .nameExists(let name): return "a playlist named '\(name)' exists already"
    case .emptyName: return "a playlist name cannot be empty"
    case .controlCharacter(let name, let scalar):
      let code = String(scalar, radix: 16, uppercase: true)
      return
        "playlist name '\(name.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : String($0) }.joined())' contains a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code))"
    case .positionOutOfRange(let playlist, let position, let upper):
      if upper == 0 { return "position \(position) is out of range: playlist '\(playlist)' is empty" }
      return "position \(position) is out of range: playlist '\(playlist)' has positions 1-\(upper)"
    case .badRange(let text): return "'\(text)' is not a position or a range (N, N-M, N-)"
    case .smartPlaylist(let name):
      return "'\(name)' is a smart playlist: its songs follow its query and cannot be edited one by one"
    case .unknownSortKey(let key, let valid):
      return "unknown sort key '\(key)'; valid keys: " + valid.joined(separator: ", ") + " (-KEY to reverse)"
    case .unknownFormat(let path):
      return "\(path): unknown playlist format (use .m3u, .m3u8, .xspf or .jspf, or --format)"
    case .parse(let file, let place, let reason): return "\(file): \(place): \(reason)"
    case .unreadable(let path, let reason): return "\(path): \(reason)"
    case .cannotWrite(let path, let reason): return "\(path): cannot be written: \(reason)"
    case .notInLibrary(let path): return "\(path): not in the library (run `tunes index` on its folder)"
    case .noSuchFile(let path): return "\(path): no such file or folder"
    case .noSongs(let query): return "no song matches '\(query)'"
    case .noEntries(let playlist, let query): return "no song of playlist '\(playlist)' matches '\(query)'"
    case .queryFailed(let query, let reason): return "query '\(query)': \(reason)"
    case .database(let reason): return "playlist database: \(reason)"
    }
  }
}
