// `tunes lb followers [USER]`: who follows the user on ListenBrainz.
import ArgumentParser
import TunesListenBrainz

extension ListenBrainz {
  struct Followers: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "followers", abstract: "Who follows a ListenBrainz user.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: DashboardOptions
    @OptionGroup var listing: FollowListingArguments

    func run() async throws {
      try await listing.show(.followers, command: "tunes lb followers", global: global, options: options)
    }
  }
}
