// The `tunes` command: the root of the command tree. Its subcommands live under Commands/, one folder
// per kind (Library, Player, Remote, ListenBrainz, Playlist); this file lists them, in the order
// `tunes --help` shows them, and starts the parser once the command names are checked. Built as the
// program `tunes-core`, which the small `tunes` front (Sources/TunesFront) execs for every command it
// does not answer itself. `tunes` alone (which shows what the player is doing, as `mpc` alone does) and
// `tunes status` run before the parser is built: the front hands them over whenever it cannot answer
// them, and then they pay for no more than they use here either.
import ArgumentParser
import Glibc
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
      UICommand.self,
      Add.self,
      RemoteCommand<Clear>.self,
      Current.self,
      RemoteCommand<Quit>.self,
      Playlist.self,
    ]
  )

  /// The parser's own entry point, with mistyped command names caught first (see CommandNameCheck).
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    // Synchronous, with no await before it: the async entry runs this on the main thread, and no worker
    // thread is started (the first hop to the global executor starts them, as running a parsed command does).
    if arguments.isEmpty || arguments == ["status"] { Glibc.exit(Status.runWithoutOptions()) }
    do {
      try CommandNameCheck.check(arguments, root: Self.self)
      var command: ParsableCommand
      if let direct = DirectParse.command(for: arguments, root: Self.self) {
        command = direct
      } else {
        command = try parseAsRoot(arguments)
      }
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
