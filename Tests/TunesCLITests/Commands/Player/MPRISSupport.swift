// Support for the MPRIS tests: a private session bus (Debian's dbus-daemon with a config of its own, so
// the test never reaches a desktop's bus), and playerctl, busctl, dbus-send and dbus-monitor run on it.
import Foundation
import Testing
import TunesTestSupport

let mprisToolsPresent =
  playerToolsPresent
  && ["/usr/bin/dbus-daemon", "/usr/bin/playerctl", "/usr/bin/busctl", "/usr/bin/dbus-send", "/usr/bin/dbus-monitor"]
    .allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }

/// A dbus-daemon listening on a socket in `folder`, stopped (SIGKILL) when dropped.
final class PrivateSessionBus: @unchecked Sendable {
  let address: String
  private let daemon: BackgroundChild

  init(folder: String) throws {
    let config = folder + "/session-bus.conf"
    try """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>session</type>
      <listen>unix:path=\(folder)/session-bus</listen>
      <auth>EXTERNAL</auth>
      <policy context="default">
        <allow send_destination="*" eavesdrop="true"/>
        <allow eavesdrop="true"/>
        <allow own="*"/>
      </policy>
    </busconfig>
    """.write(toFile: config, atomically: true, encoding: .utf8)
    daemon = try ChildProcess.start(
      "/usr/bin/dbus-daemon", ["--config-file=\(config)", "--nofork", "--print-address=1"], environment: [:])
    // The address is printed once the bus listens.
    address = try #require(try daemon.readLine(timeout: 30), "dbus-daemon printed no address: \(daemon.errors)")
  }

  deinit {
    daemon.stop()
  }
}

extension PlayerHome {
  /// Runs a tool on the home's bus (the environment holds DBUS_SESSION_BUS_ADDRESS when a bus is set up).
  func tool(_ path: String, _ arguments: [String]) async throws -> ToolResult {
    let env = environment
    return try await offPool { try runProcess(path, arguments, environment: env) }
  }

  /// `playerctl -p tunes ARGUMENTS`, its output without the final newline.
  func playerctl(_ arguments: String...) async throws -> ToolResult {
    var result = try await tool("/usr/bin/playerctl", ["-p", "tunes"] + arguments)
    if result.out.hasSuffix("\n") { result.out.removeLast() }
    return result
  }

  /// Polls `playerctl -p tunes ARGUMENTS` until its output is `expected` (up to 20 s); the last output.
  func playerctl(until expected: String, _ arguments: String...) async throws -> String {
    let env = environment
    let last = Locked2("")
    _ = try await waitFor(20) {
      var out = try runProcess("/usr/bin/playerctl", ["-p", "tunes"] + arguments, environment: env).out
      if out.hasSuffix("\n") { out.removeLast() }
      last.set(out)
      return out == expected
    }
    return last.get()
  }

  /// Polls `mpc ARGUMENTS` until its output contains `text` (up to 20 s); the last output.
  func mpc(until text: String, _ arguments: String...) async throws -> String {
    let env = environment
    let last = Locked2("")
    _ = try await waitFor(20) {
      let out = try runProcess("/usr/bin/mpc", arguments, environment: env).out
      last.set(out)
      return out.contains(text)
    }
    return last.get()
  }

  /// A property of the player's MPRIS object, as `busctl get-property` prints it ("s \"Playing\"").
  func mprisProperty(_ interface: String, _ name: String) async throws -> String {
    let result = try await tool(
      "/usr/bin/busctl", ["--user", "get-property", "org.mpris.MediaPlayer2.tunes", "/org/mpris/MediaPlayer2", interface, name])
    return result.out.trimmingCharacters(in: .newlines)
  }
}

/// `dbus-monitor` on the bus, started before a change is made so that its signals are caught.
final class BusMonitor: @unchecked Sendable {
  private let monitor: BackgroundChild

  init(_ home: PlayerHome, rules: [String]) async throws {
    monitor = try ChildProcess.start("/usr/bin/dbus-monitor", ["--session"] + rules, environment: home.environment)
    // Becoming a monitor, dbus-monitor loses its unique name: from then on it sees every signal.
    _ = try await lines(until: { $0.contains("member=NameLost") })
  }

  deinit {
    monitor.stop()
  }

  /// The lines printed up to and including the first that `found` accepts (up to 20 s), else all seen.
  func lines(until found: @escaping @Sendable (String) -> Bool) async throws -> [String] {
    var seen: [String] = []
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline, let line = try await monitor.readLine(timeout: max(0.1, deadline.timeIntervalSinceNow)) {
      seen.append(line)
      if found(line) { return seen }
    }
    return seen
  }
}
