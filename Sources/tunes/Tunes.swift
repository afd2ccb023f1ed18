// The `tunes` command: the root of the command tree. Its subcommands live under Commands/, one folder
// per kind (Library, Player, Remote, ListenBrainz, Playlist); this file only lists them, in the order
// `tunes --help` shows them.
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
      ListenBrainz.self,
      Love.self,
      Hate.self,
      Unrate.self,
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
      Queue.self,
      Add.self,
      RemoteCommand<Clear>.self,
      Current.self,
      RemoteCommand<Quit>.self,
      Playlist.self,
    ]
  )
}
