// `tunes playlist create NAME [QUERY…] [--smart QUERY]`: a new playlist, empty, filled from a query,
// or smart (its songs follow a saved query).
import ArgumentParser
import TunesCore
import TunesPlaylists

extension Playlist {
  struct Create: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "create", abstract: "Create a playlist, from a query or as a smart playlist.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The playlist name.") var name: String
    // allUnrecognized: a negated term (-genre:live) is a query term, not an unknown option.
    @Argument(parsing: .allUnrecognized, help: "Songs to put in it: a query, or paths of files and folders.") var query:
      [String] = []
    @Option(
      help: "Make a smart playlist whose songs are this query's result whenever it is played or shown (sort: and limit: allowed)."
    )
    var smart: String?

    @OptionGroup var names: ExactNameOptions

    mutating func validate() throws {
      query = try QueryWords.checked(query, of: Self.self) + names.terms
      if smart != nil && !query.isEmpty { throw ValidationError("give either songs or --smart QUERY, not both") }
    }

    func run() async throws {
      try await reportingErrors {
        let store = try PlaylistCLI.store(global, .createIfMissing)
        if let smart {
          let summary = try await store.createSmart(name: name, query: smart)
          print("created smart playlist '\(summary.name)': \(PlaylistCLI.songs(summary.songCount)) now")
        } else {
          let songs = query.isEmpty ? [] : try await PlaylistCLI.songs(query, store: store)
          let summary = try await store.create(name: name, songs: songs)
          print(
            "created playlist '\(summary.name)': \(PlaylistCLI.songs(summary.songCount)), \(DurationText.rounded(ms: summary.durationMs))"
          )
        }
      }
    }
  }
}
