// `tunes playlist rename OLD NEW`.
import ArgumentParser
import TunesPlaylists

extension Playlist {
  struct Rename: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a playlist.")

    @OptionGroup var global: GlobalOptions
    @Argument(completion: LibraryCompletions.playlists) var old: String
    @Argument var new: String

    func run() async throws {
      try await reportingErrors {
        try await PlaylistCLI.store(global, .mustExist).rename(old, to: new)
      }
    }
  }
}
