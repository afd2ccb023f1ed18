// `tunes playlist sort NAME KEY…`: orders entries by keys (title artist album albumartist year track
// duration path plays), each optionally `:desc`.
import ArgumentParser
import TunesPlaylists

extension Playlist {
  struct Sort: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sort", abstract: "Sort a playlist by keys (e.g. artist year:desc track).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The playlist name.") var name: String
    @Argument(help: "title, artist, album, albumartist, year, track, duration, path, plays; add :desc to reverse.")
    var keys: [String]

    func run() async throws {
      try await reportingErrors {
        let parsed = try keys.map(PlaylistSortKey.init(parsing:))
        try await PlaylistCLI.store(global, .mustExist).sort(name: name, by: parsed)
      }
    }
  }
}
