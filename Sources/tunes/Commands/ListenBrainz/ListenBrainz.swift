// `tunes lb`: the ListenBrainz command group. Each subcommand lives in its own LB*.swift file.
import ArgumentParser

struct LB: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lb",
    abstract: "ListenBrainz: account, listen queue and submission; dashboards, feedback, pins.",
    subcommands: [LBLogin.self, LBLogout.self, LBStatus.self, LBQueue.self, LBFlush.self, LBRetry.self]
      + [LBDashboard.self, LBListens.self, LBStats.self, LBFollowers.self, LBFollowing.self, LBLoved.self, LBHated.self, LBPins.self, LBPlaylists.self, LBUsers.self, LBPin.self, LBUnpin.self]
  )
}
