// The `tunes` command: the root of the command tree. Each subcommand lives in its own file under
// Commands/; this file only lists them.
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
      LB.self,
      LoveCommand.self,
      HateCommand.self,
      UnrateCommand.self,
      StatusCommand.self,
      PauseCommand.self,
      ResumeCommand.self,
      ToggleCommand.self,
      NextCommand.self,
      PrevCommand.self,
      StopCommand.self,
      SeekCommand.self,
      VolumeCommand.self,
      ShuffleCommand.self,
      RepeatCommand.self,
      QueueCommand.self,
      AddCommand.self,
      ClearCommand.self,
      CurrentCommand.self,
      QuitCommand.self,
      PlaylistCommand.self,
    ]
  )
}
