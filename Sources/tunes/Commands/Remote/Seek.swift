// `tunes seek [+|-]SECONDS`: jump to a time in the current song, or forward/back with a sign.
import ArgumentParser
import TunesControl

struct Seek: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "seek", abstract: "Seek in the current song: SECONDS, +SECONDS or -SECONDS.")

  @OptionGroup var global: GlobalOptions
  // Unrecognized words so "-10" is a value, not an option, while --help and --db stay options.
  @Argument(parsing: .allUnrecognized, help: "[+|-]SECONDS") var position: [String] = []

  mutating func validate() throws {
    position = try QueryWords.checked(position, of: Self.self)
    guard position.count == 1, PlayerRemote.signedArgument(position[0]) != nil else {
      throw ValidationError("expected one time in seconds, e.g. 90, +10 or -5")
    }
  }

  func run() async throws {
    try await reportingErrors {
      let client = try PlayerRemote.connect(socketPath: global.paths.mpdSocket)
      try client.run("seekcur", [position[0]])
    }
  }
}
