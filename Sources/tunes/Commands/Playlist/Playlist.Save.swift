// `tunes playlist save NAME [--replace]`: the running player's queue (read over its MPD socket) as a
// playlist; queue entries the library does not know are reported and left out.
import ArgumentParser
import TunesControl
import TunesCore
import TunesMPD
import TunesPlaylists

extension Playlist {
  struct Save: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "save", abstract: "Save the running player's queue as a playlist.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The playlist name.") var name: String
    @Flag(help: "Replace the songs of an existing playlist of that name.") var replace = false

    func run() async throws {
      try await reportingErrors {
        let store = try PlaylistCLI.store(global, .createIfMissing)
        let client = try PlayerRemote.connect(socketPath: global.playerSocket)
        let uris = MPDClient.songs(try client.run("playlistinfo")).compactMap { $0["file"] }
        let (songs, unknown) = try await store.songs(forURIs: uris)
        let summary = try await store.save(name: name, songs: songs, replacing: replace)
        print(
          "saved the queue as '\(summary.name)': \(PlaylistCLI.songs(summary.songCount)), \(DurationText.rounded(ms: summary.durationMs))"
        )
        for uri in unknown { StandardError.print("tunes: \(uri): not in the library, left out") }
      }
    }
  }
}
