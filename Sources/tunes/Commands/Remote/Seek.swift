// `tunes seek POSITION`: jump in the current song to 90 (seconds), 1:30, 50%, or forward/back with
// +10, -5, +1:00. Past the end is refused, as mpc refuses it. Prints the resulting state (`-q`: nothing).
import ArgumentParser
import Foundation
import TunesControl
import TunesCore
import TunesMPD

struct Seek: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "seek",
    abstract: "Seek in the current song: SECONDS, [H:]M:SS or N%, or +/- a step in seconds or M:SS.",
    discussion: "Examples: 90, 1:30, 50%, +10, -5, +1:00. A position past the song's end is refused.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: ControlOutput
  // Unrecognized words so "-10" is a value, not an option, while --help and --db stay options.
  @Argument(parsing: .allUnrecognized, help: "[+|-]SECONDS, [+|-][H:]M:SS or N%") var position: [String] = []

  mutating func validate() throws {
    position = try QueryWords.checked(position, of: Self.self)
    if ControlOutput.removeQuiet(from: &position) { output.quiet = true }
    guard position.count == 1 else { throw ValidationError("expected one position, e.g. 90, 1:30, 50%, +10 or -5") }
    // One word that is no position is named: "expected one position" read as if it had not been given.
    guard SeekTarget.parse(position[0]) != nil else {
      throw ValidationError("'\(position[0])' is not a position: use SECONDS, [H:]M:SS or N%, e.g. 90, 1:30, 50%, +10 or -5")
    }
  }

  func run() async throws {
    try await reportingErrors {
      let target = SeekTarget.parse(position[0])!
      let client = try PlayerRemote.connect(socketPath: global.playerSocket)
      let status = MPDClient.dictionary(try client.run("status"))
      guard status["state"] == "play" || status["state"] == "pause" else {
        throw CLIError.nothingToChange("nothing is playing")
      }
      let elapsed = status["elapsed"].flatMap(Double.init) ?? 0
      let length = status["duration"].flatMap(Double.init)
      let seconds: Double
      do {
        seconds = try target.position(elapsed: elapsed, length: length)
      } catch let refusal as SeekTarget.Refusal {
        switch refusal {
        case .unknownLength:
          throw CLIError.invalidArgument("the current song's length is unknown, so \(target.text) of it is too")
        case .pastEnd(let wanted, let songLength):
          throw CLIError.invalidArgument(
            "\(DurationText.clock(ms: Int(wanted * 1000))) is past the end of the song "
              + "(\(DurationText.clock(ms: Int(songLength * 1000))) long)")
        }
      }
      try client.run("seekcur", [String(format: "%.3f", seconds)])
      try output.printState(client)
    }
  }
}
