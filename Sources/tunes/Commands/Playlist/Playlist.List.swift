// `tunes playlist list [--json]`: every playlist with its song count and duration.
import ArgumentParser
import TunesCore
import TunesPlaylists
import TunesTerminal

extension Playlist {
  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the playlists.")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print JSON.") var json = false

    struct Output: Encodable {
      var name: String
      var songCount: Int
      var missingCount: Int
      var durationMs: Int
      var smartQuery: String?
      var sourcePath: String?
    }

    func run() async throws {
      try await reportingErrors {
        let list = try await PlaylistCLI.store(global, .readOnly).list()
        if json {
          JSONOutput.print(
            encoding: list.map {
              Output(
                name: $0.name, songCount: $0.songCount, missingCount: $0.missingCount, durationMs: $0.durationMs,
                smartQuery: $0.smartQuery, sourcePath: $0.sourcePath)
            })
          return
        }
        let width = min(max(list.map(\.name.count).max() ?? 0, 4), 40)
        for summary in list {
          var line = PlaylistCLI.column(summary.name, width) + "  "
          line +=
            PlaylistCLI.column(PlaylistCLI.songs(summary.songCount), 11) + " " + DurationText.rounded(ms: summary.durationMs)
          if summary.missingCount > 0 { line += "  (\(summary.missingCount) missing)" }
          if let query = summary.smartQuery { line += "  smart: \(query)" }
          print(TerminalText.safe(line))
        }
      }
    }
  }
}
