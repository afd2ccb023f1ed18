// `tunes playlist remove NAME POS|RANGE… [--query QUERY]`: removes entries by position (3, 2-5, 7-) or by query.
import ArgumentParser
import TunesPlaylists

extension Playlist {
  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "remove", abstract: "Remove entries by position or range (3, 2-5, 7-), or the songs a query finds.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The playlist name.", completion: LibraryCompletions.playlists) var name: String
    @Argument(help: "Positions and ranges: N, N-M, N- (to the end).") var positions: [String] = []
    @Option(help: "Remove every entry whose song this query finds.") var query: String?

    func validate() throws {
      if positions.isEmpty && query == nil { throw ValidationError("give positions or --query QUERY") }
    }

    func run() async throws {
      try await reportingErrors {
        let store = try PlaylistCLI.store(global, .mustExist)
        // One change: a query that finds nothing leaves the positions in place too.
        let removed = try await store.remove(
          name: name, positions: try positions.map(PositionRange.init(parsing:)), query: query)
        print("removed \(PlaylistCLI.songs(removed)) from '\(name)'")
      }
    }
  }
}
