// `tunes resume`: resume playback in the running player. A client of the player's MPD socket.
import ArgumentParser
import TunesControl

struct ResumeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resume playback in the running player.")

  @OptionGroup var global: GlobalOptions

  func run() async throws {
    try await reportingErrors {
      let client = try PlayerRemote.connect(socketPath: global.paths.mpdSocket)
      try client.run("pause", ["0"])
    }
  }
}
