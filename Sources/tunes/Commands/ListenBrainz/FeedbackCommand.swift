// `tunes love|hate|unrate [SONG]`: sends recording feedback (score 1, -1 or 0) for the playing song or a
// SONG of the library; queued in the database when ListenBrainz cannot be reached, and sent by the next
// feedback or flush. The three differ only in name, help line and score, so each is a `FeedbackKind` and
// one command type runs them all (as RemoteCommand does for the argument-less remote commands).
import ArgumentParser
import Foundation
import TunesListenBrainz

/// What one feedback command sends.
protocol FeedbackKind {
  static var commandName: String { get }
  static var abstract: String { get }
  static var score: FeedbackScore { get }
}

struct FeedbackCommand<Kind: FeedbackKind>: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(commandName: Kind.commandName, abstract: Kind.abstract)
  }

  @OptionGroup var global: GlobalOptions

  @Argument(parsing: .allUnrecognized, help: "A song id, path or query (default: the song playing now).")
  var song: [String] = []

  mutating func validate() throws { song = try QueryWords.checked(song, of: Self.self) }

  func run() async throws {
    try await reportingErrors {
      print(try await ListenBrainzActing.giveFeedback(Kind.score, song: song, global: global))
    }
  }
}

/// `tunes love`.
enum Love: FeedbackKind {
  static let commandName = "love"
  static let abstract = "Love the playing song (or SONG) on ListenBrainz."
  static let score = FeedbackScore.love
}

/// `tunes hate`.
enum Hate: FeedbackKind {
  static let commandName = "hate"
  static let abstract = "Hate the playing song (or SONG) on ListenBrainz."
  static let score = FeedbackScore.hate
}

/// `tunes unrate`: takes back a love or a hate.
enum Unrate: FeedbackKind {
  static let commandName = "unrate"
  static let abstract = "Remove your love or hate of the playing song (or SONG)."
  static let score = FeedbackScore.none
}
