// `tunes playlist add NAME QUERY…|PATH… [--artist NAME] [--album NAME] [--at POS] [--unique]`: adds songs, at the end or before a position.
import ArgumentParser
import TunesPlaylists

extension Playlist {
  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add songs to a playlist.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The playlist name.", completion: LibraryCompletions.playlists) var name: String
    // allUnrecognized: a negated term (-genre:live) is a query term, not an unknown option.
    @Argument(parsing: .allUnrecognized, help: "A query, or paths of files and folders.") var songs: [String] = []
    @Option(help: "Insert before this position (1 = first; default: at the end).") var at: Int?
    @Flag(help: "Skip songs the playlist holds already.") var unique = false
    @OptionGroup var names: ExactNameOptions

    mutating func validate() throws {
      songs = try QueryWords.checked(songs, of: Self.self)
      songs += names.terms
      guard !songs.isEmpty else { throw ValidationError("say which songs to add, e.g. a query or --album NAME") }
    }

    func run() async throws {
      try await reportingErrors {
        let store = try PlaylistCLI.store(global, .mustExist)
        let found = try await PlaylistCLI.songs(songs, store: store)
        let added = try await store.add(name: name, songs: found, at: at, unique: unique)
        let skipped = found.count - added
        print("added \(PlaylistCLI.songs(added)) to '\(name)'" + (skipped > 0 ? " (\(skipped) already in it)" : ""))
      }
    }
  }
}
