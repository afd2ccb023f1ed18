// `tunes lb hated [USER] [--count N]`: the recordings a user hated on ListenBrainz (feedback score -1), newest first.
import ArgumentParser
import TunesListenBrainz

extension ListenBrainz {
  struct Hated: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "hated", abstract: "Recordings a ListenBrainz user hated.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: DashboardOptions
    @OptionGroup var listing: FeedbackListingArguments

    func run() async throws {
      try await listing.show(.hate, command: "tunes lb hated", global: global, options: options)
    }
  }
}
