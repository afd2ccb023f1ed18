// `tunes lb logout`: removes the token and user name from the config file. Queued listens stay.
import ArgumentParser
import TunesListenBrainz

extension ListenBrainz {
  struct Logout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "logout", abstract: "Forget the stored ListenBrainz token.")

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, help: "The target to log out of (default: listenbrainz).") var target = Account.defaultTarget

    func run() async throws {
      try await reportingErrors {
        let account = Account(paths: global.paths, target: target)
        print(try account.logout() ? "Logged out; the token was removed from \(account.file.path)." : "Not logged in.")
      }
    }
  }
}
