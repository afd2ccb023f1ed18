// `tunes playlist push NAME [--private]`: creates the playlist on ListenBrainz (or replaces the tracks of
// the user's playlist with the same title) from the recording MBIDs of its songs; songs without one
// cannot be named to ListenBrainz and are listed as left out.
import ArgumentParser
import Foundation
import TunesListenBrainz
import TunesPlaylists

extension Playlist {
  struct Push: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "push", abstract: "Create or update the playlist on ListenBrainz.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The playlist name (also its title on ListenBrainz).", completion: LibraryCompletions.playlists)
    var name: String
    @Flag(name: .long, help: "Make a new playlist private (default: public).") var `private` = false

    func run() async throws {
      try await reportingErrors {
        let store = try PlaylistCLI.store(global, .mustExist)
        let document = try await store.document(name: name)
        var tracks: [PushTrack] = []
        var leftOut: [String] = []
        for entry in document.entries {
          if let mbid = TunesListenBrainz.PlaylistPush.mbid(entry.recordingMbid) {
            tracks.append(PushTrack(recordingMbid: mbid, title: entry.title, artist: entry.artist))
          } else {
            leftOut.append("\(entry.artist ?? "?") – \(entry.title ?? (entry.location ?? "?"))")
          }
        }
        let (dashboard, access, _) = try ListenBrainzActing.online(global: global)
        guard let user = access.userName else { throw DashboardError.loginNeeded(what: "tunes playlist push") }
        let title = document.title ?? name
        let result = try await dashboard.push(title: title, user: user, isPublic: !`private`, tracks: tracks)
        print(
          "\(result.updated ? "updated" : "created") '\(title)' on ListenBrainz: \(RemotePlaylist.identifierPrefix)\(result.mbid) (\(tracks.count) track\(tracks.count == 1 ? "" : "s"))"
        )
        if !leftOut.isEmpty {
          print("left out \(leftOut.count) song\(leftOut.count == 1 ? "" : "s") without a recording MBID:")
          for line in leftOut { print("  \(line)") }
        }
      }
    }
  }
}
