// `tunes shuffle on|off`: shuffle without repeats in the running player (MPD's `random`).
import ArgumentParser
import TunesControl

struct Shuffle: AsyncParsableCommand {
  enum Mode: String, ExpressibleByArgument, CaseIterable { case on, off }

  static let configuration = CommandConfiguration(commandName: "shuffle", abstract: "Turn shuffle on or off.")

  @OptionGroup var global: GlobalOptions
  @Argument(help: "on or off") var mode: Mode
  @OptionGroup var output: ControlOutput

  func run() async throws {
    try await reportingErrors {
      let client = try PlayerRemote.connect(socketPath: global.playerSocket)
      try client.run("random", [mode == .on ? "1" : "0"])
      try output.printState(client)
    }
  }
}
