// Where tunes keeps its files, following the XDG base directory specification; every location can be
// overridden from the environment so tests and several libraries can coexist.
import Foundation

public struct TunesPaths: Sendable {
  public var environment: [String: String]

  public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    self.environment = environment
  }

  private var home: String { environment["HOME"] ?? NSHomeDirectory() }

  private func xdg(_ variable: String, default relative: String) -> String {
    if let value = environment[variable], value.hasPrefix("/") { return value }
    return home + "/" + relative
  }

  /// `$XDG_DATA_HOME/tunes` (default `~/.local/share/tunes`).
  public var dataDirectory: String { xdg("XDG_DATA_HOME", default: ".local/share") + "/tunes" }
  /// `$XDG_CONFIG_HOME/tunes` (default `~/.config/tunes`).
  public var configDirectory: String { xdg("XDG_CONFIG_HOME", default: ".config") + "/tunes" }
  /// `$XDG_CACHE_HOME/tunes` (default `~/.cache/tunes`): files made again when missing (covers for MPRIS).
  public var cacheDirectory: String { xdg("XDG_CACHE_HOME", default: ".cache") + "/tunes" }
  /// `$XDG_RUNTIME_DIR/tunes`, falling back to a per-user folder under /tmp when the variable is unset.
  public var runtimeDirectory: String {
    if let value = environment["XDG_RUNTIME_DIR"], value.hasPrefix("/") { return value + "/tunes" }
    return "/tmp/tunes-\(getuid())"
  }

  /// The library database: `--db` wins, then `TUNES_DB`, then `$XDG_DATA_HOME/tunes/library.db`.
  public func database(override: String? = nil) -> String {
    if let override, !override.isEmpty { return override }
    if let value = environment["TUNES_DB"], !value.isEmpty { return value }
    return dataDirectory + "/library.db"
  }

  /// The configuration file (`$XDG_CONFIG_HOME/tunes/config.toml`).
  public var configFile: String { configDirectory + "/config.toml" }

  /// The MPD-protocol socket of the running player: `TUNES_MPD_SOCKET` or `$XDG_RUNTIME_DIR/tunes/mpd.sock`.
  public var mpdSocket: String {
    if let value = environment["TUNES_MPD_SOCKET"], !value.isEmpty { return value }
    return runtimeDirectory + "/mpd.sock"
  }
}
