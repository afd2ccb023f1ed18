// `tunes lb …`: the ListenBrainz commands (dashboards and their parts).
import ArgumentParser

struct LBGroup: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lb",
    abstract: "ListenBrainz: dashboards, statistics, feedback, pins and playlists.",
    subcommands: [
      LBDashboard.self, LBListens.self, LBStats.self, LBFollowers.self, LBFollowing.self, LBLoved.self, LBHated.self,
      LBPins.self, LBPlaylists.self, LBUsers.self,
    ])
}
