// Where a player serves the MPD protocol besides its Unix socket. libmpdclient (mpc, ncmpcpp) with no
// MPD_HOST tries /run/mpd/socket, then localhost:6600; so a player also listens on 127.0.0.1:6600,
// and plain `mpc` finds it with no set-up. When mpd (or anything) holds the port, the player says so once
// and serves its socket alone. The choice, first given wins:
//   --mpd-port N          asked for: a port taken is an error
//   TUNES_MPD_PORT=N|off  (tests run private players side by side, and a machine may run mpd)
//   [mpd] port = N, [mpd] tcp = false, [mpd] bind_to_address = "…" in config.toml
//   127.0.0.1:6600
import Foundation
import TunesCore

struct MPDListening: Equatable {
  /// mpd's port, which libmpdclient tries when MPD_HOST and MPD_PORT are unset.
  static let defaultPort = 6600
  static let section = "mpd"
  static let environmentKey = "TUNES_MPD_PORT"

  /// nil: no TCP at all.
  var port: Int?
  var address = "127.0.0.1"
  /// Asked for on the command line: not being able to listen ends the start.
  var required = false

  static func resolve(commandLinePort: Int?, environment: [String: String], config file: ConfigFile) throws -> MPDListening {
    let address = try file.load()[section, "bind_to_address"].map { value -> String in
      guard let text = value.stringValue, !text.isEmpty else {
        throw ConfigError.syntax(
          path: file.path, line: file.line(of: "bind_to_address"), message: "bind_to_address must be an IPv4 address in quotes")
      }
      return text
    }
    var listening = MPDListening(address: address ?? "127.0.0.1")
    if let commandLinePort {
      listening.port = commandLinePort
      listening.required = true
      return listening
    }
    if let text = environment[environmentKey], !text.isEmpty {
      if text == "off" { return listening }
      guard let port = Int(text), (1...65535).contains(port) else { throw MPDListeningError.badEnvironment(text) }
      listening.port = port
      return listening
    }
    if try file.flag(section: section, key: "tcp") == false { return listening }
    listening.port = try file.integer(section: section, key: "port", in: 1...65535, unit: "a TCP port") ?? defaultPort
    return listening
  }
}

enum MPDListeningError: TunesError, Equatable {
  case badEnvironment(String)

  var exitStatus: ExitStatus { .config }

  var description: String {
    switch self {
    case .badEnvironment(let text):
      return "\(MPDListening.environmentKey)=\(text) is neither a TCP port (1 to 65535) nor off"
    }
  }
}
