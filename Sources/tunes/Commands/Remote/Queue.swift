// `tunes queue [--json]`: the running player's queue, the current song marked with ">".
import ArgumentParser
import TunesControl
import TunesMPD
import TunesTerminal

struct Queue: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "queue", abstract: "List the running player's queue.")

  @OptionGroup var global: GlobalOptions
  @Flag(name: .long, help: "Print a JSON array (file, title, artist, album, durationMs, position, id).") var json = false
  @Option(
    name: [.customShort("f"), .long],
    help: "One line from a template: $artist - $title (or %artist% - %title%); see `tunes ls --help` for fields.")
  var format: String?

  mutating func validate() throws {
    if json && format != nil { throw ValidationError("--json and --format: choose one") }
    _ = try RemoteTemplate.parse(format, withStatus: false)
  }

  func run() async throws {
    try await reportingErrors {
      let client = try PlayerRemote.connect(socketPath: global.playerSocket)
      let songs = MPDClient.songs(try client.run("playlistinfo"))
      if let template = try RemoteTemplate.parse(format, withStatus: false) {
        for song in songs { print(TerminalText.safe(template.render { RemoteTemplate.value($0, song: song) })) }
      } else if json {
        print(PlayerReport.queueJSON(songs))
      } else {
        // The current row shows its clock as `tunes status` does.
        let status = PlayerReport(status: MPDClient.dictionary(try client.run("status")), currentSong: [:])
        for line in PlayerReport.queueLines(songs, current: status.position, elapsedMs: status.elapsedMs) {
          print(TerminalText.safe(line))
        }
      }
    }
  }
}
