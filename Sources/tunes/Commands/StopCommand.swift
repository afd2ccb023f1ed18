// `tunes stop`: stop playback in the running player (the queue stays). A client of the player's MPD socket.
import ArgumentParser
import TunesControl

struct StopCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "stop", abstract: "Stop playback in the running player (the queue stays).")

  @OptionGroup var global: GlobalOptions

  func run() async throws {
    try await reportingErrors {
      let client = try PlayerRemote.connect(socketPath: global.paths.mpdSocket)
      try client.run("stop")
    }
  }
}
