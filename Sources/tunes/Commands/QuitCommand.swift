// `tunes quit`: end the running player (e.g. one started with `tunes play --daemon`). A client of the player's MPD socket.
import ArgumentParser
import TunesControl

struct QuitCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "quit", abstract: "End the running player (e.g. one started with `tunes play --daemon`).")

  @OptionGroup var global: GlobalOptions

  func run() async throws {
    try await reportingErrors {
      let client = try PlayerRemote.connect(socketPath: global.paths.mpdSocket)
      try PlayerRemote.quit(client)
    }
  }
}
