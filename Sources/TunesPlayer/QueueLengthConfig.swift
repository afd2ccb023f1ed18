// The longest queue in the configuration file, as mpd's `max_playlist_length` is a configuration
// setting: `[player] max_playlist_length = 16384` in `$XDG_CONFIG_HOME/tunes/config.toml`. `tunes play`
// gives its value to the player (Player+QueueLimit.swift); without it the player takes MPD's default.
import Foundation
import TunesCore

public enum QueueLengthConfig {
  static let section = "player"
  static let key = "max_playlist_length"

  /// The configured bound; nil when the file does not set it.
  public static func read(_ file: ConfigFile) throws -> Int? {
    guard let value = try file.load()[section, key] else { return nil }
    guard let length = value.integerValue, length >= 1 else {
      throw ConfigError.syntax(
        path: file.path, line: ReplayGainLimitConfig.line(of: key, in: file),
        message: "\(key) must be a whole number of songs, 1 or more")
    }
    return length
  }
}
