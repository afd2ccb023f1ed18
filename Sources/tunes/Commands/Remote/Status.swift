// `tunes status [--json]`: the running player's state as one line, or as JSON for scripts.
import ArgumentParser
import TunesControl
import TunesTerminal

struct Status: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "Show what the running player is doing.",
    discussion: """
      JSON keys: state (play|pause|stop), song (file, title, artist, album, durationMs, position, id; null when none), \
      elapsedMs, durationMs, position (0-based), queueLength, shuffle, repeat (off|all|one), volume.
      """)

  @OptionGroup var global: GlobalOptions
  @Flag(name: .long, help: "Print one JSON object.") var json = false

  func run() async throws {
    try await reportingErrors {
      let report = try PlayerReport.read(from: try PlayerRemote.connect(socketPath: global.paths.mpdSocket))
      print(json ? report.json : TerminalText.safe(report.line))
    }
  }
}
