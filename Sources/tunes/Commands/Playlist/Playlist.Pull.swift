// `tunes playlist pull MBID|URL [--name NAME]`: fetches a ListenBrainz playlist (e.g. Weekly Jams) and
// makes a local playlist of the songs the library holds, matched by recording MBID, then artist and
// title (the playlist importer's rule), listing the tracks the library lacks.
import ArgumentParser
import Foundation
import TunesListenBrainz
import TunesPlaylists

extension Playlist {
  struct Pull: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "pull", abstract: "Make a local playlist from a ListenBrainz playlist.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The playlist's MBID or its https://listenbrainz.org/playlist/… URL.") var playlist: String
    @Option(name: .long, help: "The local playlist's name (default: the ListenBrainz title).") var name: String?

    func validate() throws {
      guard TunesListenBrainz.PlaylistPush.playlistMbid(playlist) != nil else {
        throw ValidationError("'\(playlist)' is neither a playlist MBID nor a https://listenbrainz.org/playlist/… URL")
      }
    }

    func run() async throws {
      try await reportingErrors {
        let mbid = TunesListenBrainz.PlaylistPush.playlistMbid(playlist) ?? playlist
        let access = try ListenBrainzAccess(paths: global.paths)
        let (remote, jspf) = try await Dashboard(wire: access.wire).playlistWithJSPF(mbid: mbid)
        // The playlist importer reads files: hand it the document as served, in a private temporary file.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tunes-pull-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
          at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("playlist.jspf")
        try jspf.write(to: file)
        let store = try PlaylistCLI.store(global, .createIfMissing)
        let title = remote.title.isEmpty ? mbid : remote.title
        let report = try await store.importFile(path: file.path, name: name ?? title, format: .jspf)
        let held = report.entryCount - report.unmatched.count
        print(
          "pulled '\(title)' into playlist '\(report.name)': \(held) of \(report.entryCount) track\(report.entryCount == 1 ? "" : "s") in the library"
        )
        if !report.unmatched.isEmpty {
          print("the library lacks:")
          for missing in report.unmatched {
            print(
              "  \(missing.entry.artist ?? "?") – \(missing.entry.title ?? "?")\(missing.entry.recordingMbid.map { "  (\($0))" } ?? "")"
            )
          }
        }
      }
    }
  }
}
