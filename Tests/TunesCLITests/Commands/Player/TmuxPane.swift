// A terminal for end-to-end tests of the full-screen UI: a tmux server of its own (a socket in the test's
// home), one pane of a fixed size running a command, keys sent with `send-keys`, and the screen read
// with `capture-pane -p` as a person would see it. Waits poll the screen with generous limits.
import Foundation
import Testing
import TunesTestSupport

let tmuxInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")

final class TmuxPane: @unchecked Sendable {
  let socket: String
  let environment: [String: String]

  /// Starts `command` in a detached pane of `width` × `height`; the pane stays after it exits, showing
  /// "[exited STATUS]".
  init(home: PlayerHome, command: [String], width: Int, height: Int) throws {
    socket = home.root + "/tmux-" + UUID().uuidString.prefix(8) + ".sock"
    var env = home.environment
    env["TERM"] = "xterm-256color"
    environment = env
    let quoted = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    let exports = env.filter { $0.key != "PATH" }.map { "-e" + $0.key + "=" + $0.value }
    let started = try runProcess(
      "/usr/bin/tmux",
      ["-S", socket, "-f", "/dev/null", "new-session", "-d", "-s", "ui", "-x", "\(width)", "-y", "\(height)"] + exports
        + [quoted + "; echo \"[exited $?]\"; sleep 600"], environment: env)
    try #require(started.status == 0, "tmux: \(started.err)")
  }

  deinit { _ = try? runProcess("/usr/bin/tmux", ["-S", socket, "kill-server"], environment: environment) }

  /// The screen's rows.
  func screen() throws -> [String] {
    let result = try runProcess("/usr/bin/tmux", ["-S", socket, "capture-pane", "-p", "-t", "ui"], environment: environment)
    return result.out.components(separatedBy: "\n")
  }

  func text() throws -> String { try screen().joined(separator: "\n") }

  /// The screen with its styles, as tmux writes them (`capture-pane -e`): SGR sequences before the text.
  func styled() throws -> String {
    try runProcess("/usr/bin/tmux", ["-S", socket, "capture-pane", "-e", "-p", "-t", "ui"], environment: environment).out
  }

  /// Whether styled text sets a foreground or background colour (SGR 30–37, 90–97, 40–47, 100–107).
  static func hasColour(_ styled: String) -> Bool {
    let codes = (0...7).flatMap { ["[3\($0)m", "[9\($0)m", "[4\($0)m", "[10\($0)m", ";3\($0)m", ";4\($0)m"] }
    return codes.contains { styled.contains($0) }
  }

  /// Sends keys by tmux's names ("Enter", "Escape", "C-l", "Tab") or literal text.
  func send(_ keys: String...) throws {
    _ = try runProcess("/usr/bin/tmux", ["-S", socket, "send-keys", "-t", "ui"] + keys, environment: environment)
  }

  func type(_ text: String) throws {
    _ = try runProcess("/usr/bin/tmux", ["-S", socket, "send-keys", "-t", "ui", "-l", text], environment: environment)
  }

  func resize(width: Int, height: Int) throws {
    _ = try runProcess(
      "/usr/bin/tmux", ["-S", socket, "resize-window", "-t", "ui", "-x", "\(width)", "-y", "\(height)"],
      environment: environment)
  }

  /// Waits (up to `seconds`) until the screen satisfies `condition`; the last screen, for messages.
  /// A minute by default: a condition that holds ends the wait at once, and a busy machine can take
  /// many seconds to start a player and draw.
  func waitFor(_ seconds: Double = 60, _ condition: @escaping @Sendable ([String]) -> Bool) async throws -> (Bool, String) {
    try await offPool {
      let deadline = Date().addingTimeInterval(seconds)
      var rows: [String] = []
      while Date() < deadline {
        rows = try self.screen()
        if condition(rows) { return (true, rows.joined(separator: "\n")) }
        Thread.sleep(forTimeInterval: 0.1)
      }
      return (false, rows.joined(separator: "\n"))
    }
  }

  /// Waits until the screen shows every one of `texts`.
  @discardableResult
  func expectShows(_ texts: String..., seconds: Double = 60, sourceLocation: SourceLocation = #_sourceLocation)
    async throws -> String
  {
    let (shown, screen) = try await waitFor(seconds) { rows in texts.allSatisfy { text in rows.contains { $0.contains(text) } } }
    #expect(shown, "\(texts) not on the screen:\n\(screen)", sourceLocation: sourceLocation)
    return screen
  }
}
