// `tunes lb recommend [SONG] [--to USER…] [--blurb TEXT]`: recommend the playing song (or SONG) to all
// your ListenBrainz followers, or with --to to some of them personally with a few words. The song is
// found and identified as `tunes love` and `tunes lb pin` do (recording MBID, else the MSID of a recent
// listen); offline the recommendation waits in the database.
import ArgumentParser
import Foundation
import TunesListenBrainz
import TunesTerminal

extension ListenBrainz {
  struct Recommend: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "recommend", abstract: "Recommend the playing song (or SONG) to your ListenBrainz followers.")

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Print what was done as one JSON object.")
    var json = false

    @Option(name: .long, parsing: .upToNextOption, help: "Recommend personally to these followers (one or more names).")
    var to: [String] = []

    @Option(name: .long, help: "A few words with a personal recommendation (with --to).")
    var blurb: String?

    @Argument(parsing: .allUnrecognized, help: "A song id, path or query (default: the song playing now).")
    var song: [String] = []

    mutating func validate() throws {
      song = try QueryWords.checked(song, of: Self.self)
      if blurb != nil && to.isEmpty { throw ValidationError("--blurb goes with a personal recommendation (--to USER…)") }
      if to.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
        throw ValidationError("--to needs user names")
      }
    }

    func run() async throws {
      try await reportingErrors {
        let acting = try SocialActing(global: global, what: "recommending")
        let target = try await ListenBrainzActing.identify(
          try ListenBrainzActing.song(song, global: global), dashboard: acting.dashboard, user: acting.user)
        let mbid = target.recordingMbid
        let msid = mbid == nil ? target.recordingMsid : nil
        let write =
          to.isEmpty
          ? SocialWrite.recommend(recordingMbid: mbid, recordingMsid: msid, user: acting.user, label: target.label)
          : SocialWrite.recommend(
            recordingMbid: mbid, recordingMsid: msid, to: to, blurb: blurb, user: acting.user, label: target.label)
        let outcome = try await acting.perform(write)
        if json {
          SocialActing.printJSON(SocialActing.json(write, outcome, extra: ["song": target.label, "to": to]))
          return
        }
        var done = "recommended \(target.label) " + (to.isEmpty ? "to your followers" : "to \(to.joined(separator: ", "))")
        if let answer = outcome.answer, let object = (try? JSONSerialization.jsonObject(with: answer)) as? [String: Any],
          let id = object["id"] as? Int
        {
          done += " [\(to.isEmpty ? "rec" : "personal")/\(id)]"
        }
        for line in SocialActing.text(outcome, done: done, label: write.label) { print(TerminalText.safe(line)) }
      }
    }
  }
}
