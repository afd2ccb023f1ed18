// `tunes playlist dedupe NAME`: keeps the first entry of each song.
import ArgumentParser
import TunesPlaylists

extension Playlist {
  struct Dedupe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "dedupe", abstract: "Remove repeated songs, keeping the first of each.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The playlist name.", completion: LibraryCompletions.playlists) var name: String

    func run() async throws {
      try await reportingErrors {
        let removed = try await PlaylistCLI.store(global, .mustExist).dedupe(name: name)
        print("removed \(PlaylistCLI.songs(removed)) from '\(name)'")
      }
    }
  }
}
