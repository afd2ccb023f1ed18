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
    @Option(
      name: .long,
      help: "Another server taking the ListenBrainz API (Maloja, Koito…), by a name of your choice; listens go to each target.")
    var target = Account.defaultTarget
    @Option(name: .long, help: "The API root of --target (stored with it; needed at its first login).") var url: String?

    func validate() throws {
      guard Account.validTarget(target) else { throw ValidationError("--target: letters, digits, - and _ only") }
      if url != nil && target == Account.defaultTarget {
        throw ValidationError("--url goes with --target NAME; ListenBrainz's own root is TUNES_LISTENBRAINZ_URL")
      }
    }

    func run() async throws {
      try await reportingErrors {
        let account = Account(paths: global.paths, target: target)
        let token: String
        if target == Account.defaultTarget, let value = global.paths.environment[Account.tokenVariable], !value.isEmpty {
          token = value
        } else if TerminalInfo.isTerminal(STDIN_FILENO) {
          token = ListenBrainzTerminal.readSecret(prompt: "ListenBrainz user token (https://listenbrainz.org/settings/): ") ?? ""
        } else {
          token = readLine(strippingNewline: true) ?? ""
        }
        let user = try await account.login(token: token, url: url)
        // A new token lifts the stop a refused one caused.
        let queue = ListenQueue(library: try global.openLibrary(.createIfMissing), target: target)
        try queue.setFact(.tokenRejected, nil)
        // After a later logout, the player says "not logged in" once again.
        try queue.setFact(.loginHintGiven, nil)
        let place = target == Account.defaultTarget ? "ListenBrainz" : "\(target) (\(try account.root().url))"
        print("Logged in to \(place) as \(user). The token is in \(account.file.path) (mode 600).")
      }
    }
  }
}
