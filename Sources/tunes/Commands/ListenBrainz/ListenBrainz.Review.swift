// `tunes lb review [SONG] [--album | --artist] [--rating 1-5] --text TEXT`: a CritiqueBrainz review of
// the playing song (or SONG), of its album (release group) or of its artist, written through
// ListenBrainz and shown in your followers' feeds. The entity's name is what the website sends: the
// recording's title, the album's or the artist's name. A review may have no stars (text only), as
// on the website. CritiqueBrainz's rules (25 to 100 000 characters, 1–5 stars) are checked before anything is sent, and so is the link to CritiqueBrainz, which
// ListenBrainz needs to post the review in your name (`GET /1/user/{user}/services`).
import ArgumentParser
import Foundation
import TunesControl
import TunesLibrary
import TunesListenBrainz
import TunesTerminal

extension ListenBrainz {
  struct Review: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "review", abstract: "Review the playing song (or SONG, its album or artist) on CritiqueBrainz.")

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Print what was done as one JSON object.")
    var json = false

    @Flag(name: .long, help: "Review the song's album (its MusicBrainz release group; give it with --mbid).")
    var album = false

    @Flag(name: .long, help: "Review the song's artist (its first artist MBID).")
    var artist = false

    @Option(name: .long, help: "Stars, 1 to 5 (default: none, a text-only review).")
    var rating: Int?

    @Option(name: .long, help: "The review (25 to 100000 characters).")
    var text: String

    @Option(name: .long, help: "The text's language, an ISO 639-1 code (default en).")
    var language = "en"

    @Option(name: .long, help: "The MusicBrainz id of what is reviewed, instead of the one the library knows.")
    var mbid: String?

    @Argument(parsing: .allUnrecognized, help: "A song id, path or query (default: the song playing now).")
    var song: [String] = []

    mutating func validate() throws {
      song = try QueryWords.checked(song, of: Self.self)
      guard !(album && artist) else { throw ValidationError("--album and --artist: review one of them") }
    }

    func run() async throws {
      try await reportingErrors {
        // What the user wrote is checked first: nothing else is worth doing with a review CritiqueBrainz refuses.
        try ReviewRules.checkContent(text: text, rating: rating, language: language)
        let acting = try SocialActing(global: global, what: "writing reviews")
        let review = try await entity(acting: acting)
        try ReviewRules.check(review)
        try await checkLinked(acting)
        let write = SocialWrite.review(review, user: acting.user)
        let outcome = try await acting.perform(write)
        if json {
          SocialActing.printJSON(
            SocialActing.json(
              write, outcome,
              extra: [
                "entityType": review.entityType.rawValue, "entityId": review.entityId, "entityName": review.entityName,
                "rating": rating.map { $0 as Any } ?? NSNull(),
              ]))
          return
        }
        var done = "reviewed \(review.entityName) (\(review.entityType.rawValue.replacingOccurrences(of: "_", with: " ")))"
        if let rating { done += " " + String(repeating: "★", count: rating) + String(repeating: "☆", count: 5 - rating) }
        for line in SocialActing.text(outcome, done: done, label: write.label) { print(TerminalText.safe(line)) }
      }
    }

    /// What is reviewed: the recording, the album's release group or the artist, with its MBID.
    func entity(acting: SocialActing) async throws -> TunesListenBrainz.Review {
      let target = try ListenBrainzActing.song(song, global: global)
      if album {
        guard let mbid else {
          throw SocialError.invalidReview(
            "the library knows the release of \(target.label), not its release group, which CritiqueBrainz reviews; give the release group's MBID with --mbid (from musicbrainz.org)"
          )
        }
        let name = target.album ?? target.label
        return .init(
          entityType: .releaseGroup, entityId: mbid.lowercased(), entityName: name, text: text, rating: rating, language: language
        )
      }
      if artist {
        guard let id = mbid ?? target.artistMbids.first else {
          throw SocialError.invalidReview(
            "\(target.artist) has no artist MBID in the library; tag it with MusicBrainz Picard or give one with --mbid")
        }
        return .init(
          entityType: .artist, entityId: id.lowercased(), entityName: target.artist, text: text, rating: rating,
          language: language)
      }
      var id = mbid
      if id == nil {
        id = try await ListenBrainzActing.identify(target, dashboard: acting.dashboard, user: acting.user).recordingMbid
      }
      guard let id else {
        throw SocialError.invalidReview(
          "ListenBrainz knows \(target.label) only by its MSID; CritiqueBrainz reviews need a recording MBID (tag the song with MusicBrainz Picard, or give one with --mbid)"
        )
      }
      return .init(
        entityType: .recording, entityId: id.lowercased(), entityName: target.title, text: text, rating: rating,
        language: language)
    }

    /// ListenBrainz posts reviews through the account's CritiqueBrainz link; say so before sending when it is missing.
    func checkLinked(_ acting: SocialActing) async throws {
      do {
        let services = try await acting.social.services(user: acting.user)
        if !services.contains("critiquebrainz") { throw SocialError.critiqueBrainzNotLinked(user: acting.user) }
      } catch let error as SocialError where error.isTransient {
        // Offline: the review is queued; ListenBrainz checks the link when it arrives.
        return
      }
    }
  }
}
