// `tunes lb`: the ListenBrainz command group. Each subcommand is a type nested in `ListenBrainz`, in
// its own ListenBrainz.Name.swift file; what they share is under Support/. The feedback commands
// love, hate and unrate are top-level commands, one command type for the three (FeedbackCommand.swift).
import ArgumentParser

struct ListenBrainz: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lb",
    abstract: "ListenBrainz: account, listen queue and submission; dashboards, feedback, pins.",
    subcommands: [Login.self, Logout.self, Status.self, Queue.self, Flush.self, Retry.self]
      + [Dashboard.self, Listens.self, Stats.self, Followers.self, Following.self, Loved.self, Hated.self]
      + [Pins.self, Playlists.self, Users.self, Pin.self, Unpin.self]
      + [Feed.self, Follow.self, Unfollow.self, Recommend.self, Review.self]
  )
}
