// `tunes love [SONG]`: sends recording feedback (score 1) for the playing song or a SONG of the library;
// queued in the database when ListenBrainz cannot be reached, and sent by the next feedback or flush.
import ArgumentParser
import Foundation
import TunesListenBrainz

struct Love: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "love", abstract: "Love the playing song (or SONG) on ListenBrainz.")

  @OptionGroup var global: GlobalOptions

  @Argument(parsing: .allUnrecognized, help: "A song id, path or query (default: the song playing now).")
  var song: [String] = []

  mutating func validate() throws { song = try QueryWords.checked(song, of: Self.self) }

  func run() async throws {
    try await reportingErrors {
      print(try await ListenBrainzActing.giveFeedback(.love, song: song, global: global))
    }
  }
}
