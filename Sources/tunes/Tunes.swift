// The `tunes` command: the root of the command tree. Its subcommands live under Commands/, one folder
// per kind (Library, Player, Remote, ListenBrainz, Playlist); this file lists them, in the order
// `tunes --help` shows them, and starts the parser once the command names are checked. With no
// arguments it runs `tunes status`.
import ArgumentParser
import TunesCore

@main
struct Tunes: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tunes",
    abstract: "A music-library player, indexer and ListenBrainz scrobbler for the terminal.",
    version: TunesVersion.string,
    subcommands: [
      Version.self,
      Play.self,
      Index.self,
      Ls.self,
      Search.self,
      Info.self,
      Stats.self,
      Loudness.self,
      ListenBrainz.self,
      FeedbackCommand<Love>.self,
      FeedbackCommand<Hate>.self,
      FeedbackCommand<Unrate>.self,
      Status.self,
      RemoteCommand<Pause>.self,
      RemoteCommand<Resume>.self,
      RemoteCommand<Toggle>.self,
      RemoteCommand<Next>.self,
      RemoteCommand<Prev>.self,
      RemoteCommand<Stop>.self,
      Seek.self,
      Volume.self,
      Shuffle.self,
      Repeat.self,
      ReplayGainCommand.self,
      CrossfadeCommand.self,
      MixRampDBCommand.self,
      MixRampDelayCommand.self,
      Queue.self,
      Add.self,
      RemoteCommand<Clear>.self,
      Current.self,
      RemoteCommand<Quit>.self,
      Playlist.self,
    ]
  )

  /// The parser's own entry point, with mistyped command names caught first (see CommandNameCheck).
  static func main() async {
    // `tunes` alone shows what the player is doing, as `mpc` alone does.
    let given = Array(CommandLine.arguments.dropFirst())
    let arguments = given.isEmpty ? ["status"] : given
    do {
      try CommandNameCheck.check(arguments, root: Self.self)
      var command = try parseAsRoot(arguments)
      if var asynchronous = command as? AsyncParsableCommand {
        try await asynchronous.run()
      } else {
        try command.run()
      }
    } catch let error as UnknownCommandError {
      // Said once, without the parser's usage line, which would show the root's usage at any depth.
      StandardError.print("Error: \(error)")
      exit(withError: ExitCode(ExitStatus.usage.rawValue))
    } catch {
      exit(withError: error)
    }
  }
}
