// `tunes clear`: empty the running player's queue. A client of the player's MPD socket.
import ArgumentParser
import TunesControl

struct ClearCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "clear", abstract: "Empty the running player's queue.")

  @OptionGroup var global: GlobalOptions

  func run() async throws {
    try await reportingErrors {
      let client = try PlayerRemote.connect(socketPath: global.paths.mpdSocket)
      try client.run("clear")
    }
  }
}
