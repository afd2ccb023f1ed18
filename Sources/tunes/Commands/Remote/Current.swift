// `tunes current`: the current song of the running player, "Artist – Title" (nothing when none).
import ArgumentParser
import TunesControl
import TunesMPD
import TunesTerminal

struct Current: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "current", abstract: "Print the current song.")

  @OptionGroup var global: GlobalOptions
  @Option(
    name: [.customShort("f"), .long],
    help: "One line from a template: $artist - $title (or %artist% - %title%); see `tunes ls --help` for fields.")
  var format: String?

  mutating func validate() throws { _ = try RemoteTemplate.parse(format, withStatus: false) }

  func run() async throws {
    try await reportingErrors {
      let client = try PlayerRemote.connect(socketPath: global.playerSocket)
      if let template = try RemoteTemplate.parse(format, withStatus: false) {
        let song = MPDClient.dictionary(try client.run("currentsong"))
        if song["file"] != nil { print(TerminalText.safe(template.render { RemoteTemplate.value($0, song: song) })) }
        return
      }
      let report = try PlayerReport.read(from: client)
      if let song = report.song { print(TerminalText.safe(song.label)) }
    }
  }
}
