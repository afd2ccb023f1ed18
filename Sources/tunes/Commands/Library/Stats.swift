// `tunes stats`: how big the library is and what is played most.
import ArgumentParser
import Foundation
import TunesCore
import TunesLibrary
import TunesPlaylists

struct Stats: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stats", abstract: "Counts, total duration and the most played songs.")

  @OptionGroup var global: GlobalOptions

  @Flag(name: .long, help: "Print the figures as one JSON object.")
  var json = false

  func run() async throws {
    try await reportingErrors {
      let library = try global.openLibrary(.readOnly)
      let stats = try library.stats()
      let playlists = try PlaylistStore.count(library: library)
      if json {
        JSONOutput.print(
          [
            "songs": stats.songs, "artists": stats.artists, "albums": stats.albums, "playlists": playlists,
            "totalDurationMs": stats.totalDurationMs, "totalPlays": stats.totalPlays,
            "mostPlayed": stats.mostPlayed.map(JSONOutput.song),
          ] as [String: Any])
        return
      }
      let summary = """
        songs      \(stats.songs)
        artists    \(stats.artists)
        albums     \(stats.albums)
        playlists  \(playlists)
        duration   \(DurationText.clock(ms: stats.totalDurationMs))
        plays      \(stats.totalPlays)

        """
      FileHandle.standardOutput.write(Data(summary.utf8))
      if !stats.mostPlayed.isEmpty {
        FileHandle.standardOutput.write(Data("most played:\n".utf8))
        SongTable.print(stats.mostPlayed)
      }
    }
  }
}
