// `tunes next`: skip to the next song in the running player. A client of the player's MPD socket.
import ArgumentParser
import TunesControl

struct NextCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "next", abstract: "Skip to the next song in the running player.")

  @OptionGroup var global: GlobalOptions

  func run() async throws {
    try await reportingErrors {
      let client = try PlayerRemote.connect(socketPath: global.paths.mpdSocket)
      try client.run("next")
    }
  }
}
