// `tunes lb follow USER`: follow a ListenBrainz user as the logged-in one. The server's refusals
// (following yourself, already following, no such user) end the command with its words; offline the
// follow waits in the database and goes with the next social command.
import ArgumentParser
import Foundation
import TunesListenBrainz
import TunesTerminal

extension ListenBrainz {
  struct Follow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "follow", abstract: "Follow a ListenBrainz user.")

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Print what was done as one JSON object.")
    var json = false

    @Argument(help: "The ListenBrainz user to follow.")
    var user: String

    func validate() throws {
      guard !user.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("name the USER to follow") }
    }

    func run() async throws {
      try await FollowChange.run(SocialWrite.follow(user), done: "following \(user)", global: global, json: json)
    }
  }
}

/// What follow and unfollow share: send the write, say how it went.
enum FollowChange {
  static func run(_ write: SocialWrite, done: String, global: GlobalOptions, json: Bool) async throws {
    try await reportingErrors {
      let acting = try SocialActing(global: global, what: "following users")
      let outcome = try await acting.perform(write)
      if json {
        SocialActing.printJSON(SocialActing.json(write, outcome))
      } else {
        for line in SocialActing.text(outcome, done: done, label: write.label) { print(TerminalText.safe(line)) }
      }
    }
  }
}
