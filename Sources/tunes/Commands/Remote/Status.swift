// `tunes status [--json]`: the running player's state as one line, or as JSON for scripts.
import ArgumentParser
import TunesControl
import TunesMPD
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
  @Option(
    name: [.customShort("f"), .long],
    help: "One line from a template: the song's fields and $state $elapsed $volume $repeat $shuffle $queuelength.")
  var format: String?

  mutating func validate() throws {
    if json && format != nil { throw ValidationError("--json and --format: choose one") }
    _ = try RemoteTemplate.parse(format, withStatus: true)
  }

  func run() async throws {
    try await reportingErrors {
      let client = try PlayerRemote.connect(socketPath: global.paths.mpdSocket)
      if let template = try RemoteTemplate.parse(format, withStatus: true) {
        let status = MPDClient.dictionary(try client.run("status"))
        let song = MPDClient.dictionary(try client.run("currentsong"))
        let current = song["file"] == nil ? nil : song
        print(TerminalText.safe(template.render { RemoteTemplate.value($0, song: current, status: status) }))
        return
      }
      let report = try PlayerReport.read(from: client)
      print(json ? report.json : TerminalText.safe(report.line))
    }
  }
}
