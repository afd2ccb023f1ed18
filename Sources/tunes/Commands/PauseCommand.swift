// `tunes pause`: pause the running player. A client of the player's MPD socket.
import ArgumentParser
import TunesControl

struct PauseCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "pause", abstract: "Pause the running player.")

  @OptionGroup var global: GlobalOptions

  func run() async throws {
    try await reportingErrors {
      let client = try PlayerRemote.connect(socketPath: global.paths.mpdSocket)
      try client.run("pause", ["1"])
    }
  }
}
