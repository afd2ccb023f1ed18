// `tunes current`: the current song of the running player, "Artist – Title" (nothing when none).
import ArgumentParser
import TunesControl
import TunesTerminal

struct Current: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "current", abstract: "Print the current song.")

  @OptionGroup var global: GlobalOptions

  func run() async throws {
    try await reportingErrors {
      let report = try PlayerReport.read(from: try PlayerRemote.connect(socketPath: global.paths.mpdSocket))
      if let song = report.song { print(TerminalText.safe(song.label)) }
    }
  }
}
