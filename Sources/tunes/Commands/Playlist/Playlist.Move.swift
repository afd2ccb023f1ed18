// `tunes playlist move NAME FROM TO`: moves one entry so that it ends up at position TO.
import ArgumentParser
import TunesPlaylists

extension Playlist {
  struct Move: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move", abstract: "Move the entry at FROM to position TO.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The playlist name.", completion: LibraryCompletions.playlists) var name: String
    @Argument var from: Int
    @Argument var to: Int

    func run() async throws {
      try await reportingErrors {
        try await PlaylistCLI.store(global, .mustExist).move(name: name, from: from, to: to)
      }
    }
  }
}
