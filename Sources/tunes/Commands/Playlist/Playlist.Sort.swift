// `tunes playlist sort NAME KEY…`: orders entries by keys spelt as the query language spells them
// (`year -title`, or `sort:year,-title` pasted from a query), plus `track` and `path`.
import ArgumentParser
import TunesPlaylists

extension Playlist {
  struct Sort: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sort", abstract: "Sort a playlist by keys, as a query's sort: (e.g. albumartist -year track).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The playlist name.", completion: LibraryCompletions.playlists) var name: String
    // allUnrecognized: `-year` (descending) is a key, not an unknown option.
    @Argument(
      parsing: .allUnrecognized,
      help:
        "title, artist, albumartist, album, year, duration, playcount, lastplayed, added, random, track, path; -KEY to reverse.")
    var keys: [String]

    func validate() throws {
      if keys.isEmpty { throw ValidationError("Missing expected argument '<keys> ...'") }
    }

    func run() async throws {
      try await reportingErrors {
        let parsed = try PlaylistSortKey.parseList(try QueryWords.checked(keys, of: Self.self))
        try await PlaylistCLI.store(global, .mustExist).sort(name: name, by: parsed)
      }
    }
  }
}
