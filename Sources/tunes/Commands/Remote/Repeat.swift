// `tunes repeat off|all|one`: the repeat mode of the running player (one = MPD's repeat + single).
import ArgumentParser
import TunesControl

struct Repeat: AsyncParsableCommand {
  enum Mode: String, ExpressibleByArgument, CaseIterable { case off, all, one }

  static let configuration = CommandConfiguration(commandName: "repeat", abstract: "Set repeat: off, all or one.")

  @OptionGroup var global: GlobalOptions
  @Argument(help: "off, all or one") var mode: Mode
  @OptionGroup var output: ControlOutput

  func run() async throws {
    try await reportingErrors {
      let client = try PlayerRemote.connect(socketPath: global.playerSocket)
      // One command list, so other clients never see a half-set mode.
      try client.sendLine(
        "command_list_begin\nrepeat \(mode == .off ? 0 : 1)\nsingle \(mode == .one ? 1 : 0)\ncommand_list_end")
      _ = try client.readReply(command: "repeat")
      try output.printState(client)
    }
  }
}
