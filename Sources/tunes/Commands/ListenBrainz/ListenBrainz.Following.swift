// `tunes lb following [USER]`: who the user follows on ListenBrainz.
import ArgumentParser
import TunesListenBrainz

extension ListenBrainz {
  struct Following: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "following", abstract: "Whom a ListenBrainz user follows.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: DashboardOptions
    @OptionGroup var listing: FollowListingArguments

    func run() async throws {
      try await listing.show(.following, command: "tunes lb following", global: global, options: options)
    }
  }
}
