// `tunes volume [+|-]N`: set the volume (0–100), or change it with a sign; without an argument, prints it
// in the words of `tunes status`'s line ("volume 45%"), as mpc prints "volume: 45%". A script reads the
// bare number from `tunes status -f '$volume'` or the JSON of `tunes status --json`.
import ArgumentParser
import TunesControl
import TunesMPD

struct Volume: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "volume", abstract: "Show or set the volume: N (0-100), +N or -N.")

  @OptionGroup var global: GlobalOptions
  // Unrecognized words so "-10" is a value, not an option, while --help and --db stay options.
  @Argument(parsing: .allUnrecognized, help: "[+|-]N") var level: [String] = []
  @OptionGroup var output: ControlOutput

  mutating func validate() throws {
    level = try QueryWords.checked(level, of: Self.self)
    if ControlOutput.removeQuiet(from: &level) { output.quiet = true }
    guard level.count <= 1 else { throw ValidationError("expected at most one volume") }
    if let text = level.first {
      guard let value = Int(text), (-100...100).contains(value) else {
        throw ValidationError("volume must be a whole number from 0 to 100, or +N/-N")
      }
    }
  }

  func run() async throws {
    try await reportingErrors {
      let client = try PlayerRemote.connect(socketPath: global.playerSocket)
      guard let text = level.first else {
        let volume = MPDClient.dictionary(try client.run("getvol"))["volume"]
        print(volume.map { "volume \($0)%" } ?? "volume n/a (the player has no volume control)")
        return
      }
      if text.hasPrefix("+") || text.hasPrefix("-") {
        try client.run("volume", [text])
      } else {
        try client.run("setvol", [text])
      }
      try output.printState(client)
    }
  }
}
