// `tunes lb unpin [ROW_ID]`: ends the current pin on the user's ListenBrainz profile, or with ROW_ID (as
// `tunes lb pins` numbers them) deletes that pin from the pin history (`POST /1/pin/delete/{row_id}`).
// Offline, either waits in the outbox.
import ArgumentParser
import Foundation
import TunesListenBrainz
import TunesTerminal

extension ListenBrainz {
  struct Unpin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "unpin", abstract: "Unpin the recording pinned on your profile, or delete pin ROW_ID from your pin history.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "A pin's row id (`tunes lb pins` shows them): delete it from the history.")
    var rowId: Int?

    func validate() throws {
      if let rowId, rowId < 0 { throw ValidationError("ROW_ID must be a pin's row id (see `tunes lb pins`)") }
    }

    func run() async throws {
      try await reportingErrors {
        let acting = try SocialActing(global: global, what: "sending feedback or pins")
        let write = rowId.map { SocialWrite.deletePin(rowId: $0) } ?? .unpin()
        do {
          let outcome = try await acting.perform(write)
          let done = rowId.map { "deleted pin \($0)" } ?? "unpinned"
          for line in SocialActing.text(outcome, done: done, label: write.label) { print(TerminalText.safe(line)) }
        } catch SocialError.noSuchEvent(let message) {
          // The server's 404: no active pin to end, or no such pin of yours.
          guard rowId != nil else { return print("nothing was pinned") }
          throw SocialError.noSuchEvent(message: message)
        }
      }
    }
  }
}
