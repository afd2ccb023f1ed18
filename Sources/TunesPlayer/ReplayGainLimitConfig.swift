// The ReplayGain limit in the configuration file, as mpd's `replaygain_limit` is a configuration setting:
// `[player] replaygain_limit = true|false` in `$XDG_CONFIG_HOME/tunes/config.toml`. With it on (the
// default) a song's gain is lowered so that its peak stays at full scale; off, a loud gain clips as the
// arithmetic says. `tunes play` applies the file's value over the saved session's when the key is set;
// `tunes replaygain --limit on|off` writes it there (and tells a running player).
import Foundation
import TunesCore

public enum ReplayGainLimitConfig {
  static let section = "player"
  static let key = "replaygain_limit"

  /// The configured limit; nil when the file does not set it.
  public static func read(_ file: ConfigFile) throws -> Bool? {
    guard let value = try file.load()[section, key] else { return nil }
    guard let flag = value.boolValue else {
      throw ConfigError.syntax(path: file.path, line: line(of: key, in: file), message: "\(key) must be true or false")
    }
    return flag
  }

  /// The line that sets `key` (the parsed file keeps no line numbers; a bad value is rare).
  static func line(of key: String, in file: ConfigFile) -> Int {
    let text = (try? String(contentsOfFile: file.path, encoding: .utf8)) ?? ""
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return (lines.firstIndex { $0.drop { $0 == " " }.hasPrefix(key) } ?? 0) + 1
  }

  public static func write(_ limit: Bool, to file: ConfigFile) throws {
    var config = try file.load()
    config[section, key] = .bool(limit)
    try file.save(config)
  }
}
