// `tunes lb unpin`: ends the current pin on the user's ListenBrainz profile.
import ArgumentParser
import Foundation
import TunesListenBrainz

extension ListenBrainz {
  struct Unpin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "unpin", abstract: "Unpin the recording pinned on your ListenBrainz profile.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
      try await reportingErrors {
        let (dashboard, _, _) = try ListenBrainzActing.online(global: global)
        print(try await dashboard.unpin() ? "unpinned" : "nothing was pinned")
      }
    }
  }
}
