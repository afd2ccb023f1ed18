// `--format` for the commands that ask the running player (`status`, `current`, `queue`): the fields of
// a song block as the player sends it over the MPD protocol, named as `tunes ls --format` names them.
import ArgumentParser
import TunesCore

enum RemoteTemplate {
  /// The song's fields, then the player's (status only).
  static let songFields = [
    "artist", "albumartist", "title", "album", "track", "disc", "date", "originaldate", "genre", "composer", "performer",
    "conductor", "work", "grouping", "label", "path", "length", "position", "id",
  ]
  static let statusFields = ["state", "elapsed", "volume", "repeat", "shuffle", "queuelength"]
  static let aliases = ["file": "path", "time": "length", "pos": "position", "original_date": "originaldate"]

  static func parse(_ template: String?, withStatus: Bool) throws -> OutputTemplate? {
    guard let template else { return nil }
    do {
      return try OutputTemplate(template, known: songFields + (withStatus ? statusFields : []), aliases: aliases)
    } catch {
      throw ValidationError(error.description)
    }
  }

  /// A field of `song` (MPD's `key: value` pairs) and of `status`, as text; nil when absent.
  static func value(_ name: String, song: [String: String]?, status: [String: String] = [:]) -> String? {
    switch name {
    case "path": return song?["file"]
    case "length":
      guard let seconds = (song?["duration"] ?? song?["Time"]).flatMap(Double.init) else { return nil }
      return DurationText.clock(ms: Int((seconds * 1000).rounded()))
    case "position": return song?["Pos"].flatMap(Int.init).map { String($0 + 1) }
    case "id": return song?["Id"]
    case "state": return status["state"]
    case "elapsed":
      return status["elapsed"].flatMap(Double.init).map { DurationText.clock(ms: Int(($0 * 1000).rounded())) }
    case "volume": return status["volume"]
    case "repeat": return status["repeat"] == "1" ? (status["single"] == "1" ? "one" : "all") : "off"
    case "shuffle": return status["random"] == "1" ? "on" : "off"
    case "queuelength": return status["playlistlength"]
    default: return song?.first { $0.key.lowercased() == name }?.value
    }
  }
}
