// `tunes lb pin [SONG] [--blurb TEXT]`: pins the playing song (or SONG) on the user's ListenBrainz
// profile for a week (the server's default), replacing the current pin.
import ArgumentParser
import Foundation
import TunesListenBrainz
import TunesTerminal

extension ListenBrainz {
  struct Pin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "pin", abstract: "Pin the playing song (or SONG) on your ListenBrainz profile.")

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "A few words shown with the pin (at most 280 characters).")
    var blurb: String?

    @Argument(parsing: .allUnrecognized, help: "A song id, path or query (default: the song playing now).")
    var song: [String] = []

    mutating func validate() throws {
      song = try QueryWords.checked(song, of: Self.self)
      if let blurb, blurb.count > TunesListenBrainz.Dashboard.maxBlurbLength {
        throw ValidationError(
          "--blurb has \(blurb.count) characters; ListenBrainz allows \(TunesListenBrainz.Dashboard.maxBlurbLength)")
      }
    }

    func run() async throws {
      try await reportingErrors {
        let (dashboard, access, _) = try ListenBrainzActing.online(global: global)
        let target = try await ListenBrainzActing.identify(
          try ListenBrainzActing.song(song, global: global), dashboard: dashboard, user: access.userName)
        let pin = try await dashboard.pin(
          recordingMbid: target.recordingMbid, recordingMsid: target.recordingMbid == nil ? target.recordingMsid : nil,
          blurb: blurb)
        var line = "pinned \(target.label)"
        if let until = pin?.pinnedUntil { line += " until \(DashboardText.dateTime(epoch: until))" }
        print(TerminalText.safe(line))
      }
    }
  }
}
