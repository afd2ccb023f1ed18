// `tunes playlist`: the group of playlist commands. Each subcommand is a type nested in `Playlist`, in
// its own Playlist.Name.swift file; what they share is in PlaylistCLI.swift.
import ArgumentParser

struct Playlist: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "playlist",
    abstract: "Build, edit, import and export playlists.",
    subcommands: [
      Create.self, Add.self, Remove.self, Move.self, Rename.self, Delete.self, Show.self, List.self, Sort.self,
      Dedupe.self, Export.self, Import.self, Save.self, Push.self, Pull.self,
    ])
}
