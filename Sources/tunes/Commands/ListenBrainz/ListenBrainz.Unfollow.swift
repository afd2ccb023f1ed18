// `tunes lb unfollow USER`: stop following a ListenBrainz user (queued like `follow` when offline).
import ArgumentParser
import Foundation
import TunesListenBrainz

extension ListenBrainz {
  struct Unfollow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unfollow", abstract: "Stop following a ListenBrainz user.")

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Print what was done as one JSON object.")
    var json = false

    @Argument(help: "The ListenBrainz user to stop following.")
    var user: String

    func validate() throws {
      guard !user.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("name the USER to unfollow") }
    }

    func run() async throws {
      try await FollowChange.run(SocialWrite.unfollow(user), done: "no longer following \(user)", global: global, json: json)
    }
  }
}
