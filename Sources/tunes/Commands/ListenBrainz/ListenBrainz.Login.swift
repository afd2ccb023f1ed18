// `tunes lb login`: reads the token (no-echo prompt on a terminal, else stdin, or TUNES_LISTENBRAINZ_TOKEN),
// checks it with ListenBrainz and stores it in the config file (0600).
import ArgumentParser
import Foundation
import TunesListenBrainz
import TunesTerminal

extension ListenBrainz {
  struct Login: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "login", abstract: "Store your ListenBrainz token (from https://listenbrainz.org/settings/).")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
      try await reportingErrors {
        let account = Account(paths: global.paths)
        let token: String
        if let value = global.paths.environment[Account.tokenVariable], !value.isEmpty {
          token = value
        } else if TerminalInfo.isTerminal(STDIN_FILENO) {
          token = ListenBrainzTerminal.readSecret(prompt: "ListenBrainz user token (https://listenbrainz.org/settings/): ") ?? ""
        } else {
          token = readLine(strippingNewline: true) ?? ""
        }
        let user = try await account.login(token: token)
        // A new token lifts the stop a refused one caused.
        let queue = ListenQueue(library: try global.openLibrary(.createIfMissing))
        try queue.setFact(.tokenRejected, nil)
        // After a later logout, the player says "not logged in" once again.
        try queue.setFact(.loginHintGiven, nil)
        print("Logged in to ListenBrainz as \(user). The token is in \(account.file.path) (mode 600).")
      }
    }
  }
}
