// `tunes playlist show NAME [--json]`: positions, titles, artists, durations and the total; missing
// entries flagged with "!".
import ArgumentParser
import Foundation
import TunesCore
import TunesPlaylists
import TunesTerminal

extension Playlist {
  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a playlist's songs.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The playlist name.", completion: LibraryCompletions.playlists) var name: String
    @Flag(help: "Print JSON.") var json = false

    /// The JSON shape of `show --json`.
    struct Output: Encodable {
      struct Entry: Encodable {
        var position: Int
        var title: String?
        var artist: String?
        var album: String?
        var durationMs: Int?
        var path: String
        var recordingMbid: String?
        var missing: Bool
      }
      var name: String
      var smartQuery: String?
      var songCount: Int
      var missingCount: Int
      var durationMs: Int
      var entries: [Entry]
    }

    func run() async throws {
      try await reportingErrors {
        let contents = try await PlaylistCLI.store(global, .readOnly).show(name: name)
        let summary = contents.summary
        if json {
          let output = Output(
            name: summary.name, smartQuery: summary.smartQuery, songCount: summary.songCount,
            missingCount: summary.missingCount, durationMs: summary.durationMs,
            entries: contents.entries.map {
              .init(
                position: $0.position, title: $0.title, artist: $0.artist, album: $0.album, durationMs: $0.durationMs,
                path: $0.path, recordingMbid: $0.recordingMbid, missing: $0.isMissing)
            })
          JSONOutput.print(encoding: output)
          return
        }
        var header = "\(summary.name): \(PlaylistCLI.songs(summary.songCount)), \(DurationText.rounded(ms: summary.durationMs))"
        if summary.missingCount > 0 { header += ", \(summary.missingCount) missing" }
        if let query = summary.smartQuery { header += " (smart: \(query))" }
        print(TerminalText.safe(header))
        let width = String(contents.entries.count).count
        for entry in contents.entries {
          let position = String(repeating: " ", count: width - String(entry.position).count) + String(entry.position)
          var line = "\(position) \(entry.isMissing ? "!" : " ") "
          line += PlaylistCLI.column(entry.title ?? (entry.path as NSString).lastPathComponent, 40) + "  "
          line += PlaylistCLI.column(entry.artist ?? "", 28) + "  " + DurationText.rounded(ms: entry.durationMs)
          if entry.isMissing {
            line += "  missing: " + (entry.path.isEmpty ? (entry.recordingMbid.map { "recording " + $0 } ?? "") : entry.path)
          }
          print(TerminalText.safe(line))
        }
      }
    }
  }
}
