// `tunes lb pin [SONG] [--blurb TEXT]`: pins the playing song (or SONG) on the user's ListenBrainz
// profile for a week (the server's default), replacing the current pin. The words are counted as the
// server counts them (Unicode code points) before anything is sent; offline, the pin waits in the
// outbox with the account that made it.
import ArgumentParser
import Foundation
import TunesListenBrainz
import TunesTerminal

extension ListenBrainz {
  struct Pin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "pin", abstract: "Pin the playing song (or SONG) on your ListenBrainz profile.")

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "A few words shown with the pin (at most 280 Unicode code points).")
    var blurb: String?

    @Argument(parsing: .allUnrecognized, help: "A song id, path or query (default: the song playing now).")
    var song: [String] = []

    mutating func validate() throws {
      song = try QueryWords.checked(song, of: Self.self)
      if let blurb, let problem = SocialWrite.blurbProblem(blurb) { throw ValidationError("--blurb: \(problem)") }
    }

    func run() async throws {
      try await reportingErrors {
        for line in try await ListenBrainzActing.pin(song: song, blurb: blurb, global: global) {
          print(TerminalText.safe(line))
        }
      }
    }
  }
}
