// `tunes prev`: go back to the previous song in the running player. A client of the player's MPD socket.
import ArgumentParser
import TunesControl

struct PrevCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "prev", abstract: "Go back to the previous song in the running player.")

  @OptionGroup var global: GlobalOptions

  func run() async throws {
    try await reportingErrors {
      let client = try PlayerRemote.connect(socketPath: global.paths.mpdSocket)
      try client.run("previous")
    }
  }
}
