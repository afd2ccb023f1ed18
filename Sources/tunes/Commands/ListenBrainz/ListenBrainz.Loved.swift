// `tunes lb loved [USER] [--count N]`: the recordings a user loved on ListenBrainz (feedback score 1), newest first.
import ArgumentParser
import TunesListenBrainz

extension ListenBrainz {
  struct Loved: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "loved", abstract: "Recordings a ListenBrainz user loved.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: DashboardOptions
    @OptionGroup var listing: FeedbackListingArguments

    func run() async throws {
      try await listing.show(.love, command: "tunes lb loved", global: global, options: options)
    }
  }
}
