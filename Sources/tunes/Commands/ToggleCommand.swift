// `tunes toggle`: pause when playing, play otherwise (also from stopped). A client of the player's MPD socket.
import ArgumentParser
import TunesControl
import TunesMPD

struct ToggleCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "toggle", abstract: "Pause if playing, else play.")

  @OptionGroup var global: GlobalOptions

  func run() async throws {
    try await reportingErrors {
      let client = try PlayerRemote.connect(socketPath: global.paths.mpdSocket)
      switch MPDClient.dictionary(try client.run("status"))["state"] {
      case "play": try client.run("pause", ["1"])
      case "pause": try client.run("pause", ["0"])
      default: try client.run("play")
      }
    }
  }
}
