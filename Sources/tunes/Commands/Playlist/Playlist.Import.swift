// `tunes playlist import FILE [--name NAME]`: a playlist file (M3U, M3U8, XSPF, JSPF) as a new playlist;
// every entry that matches no indexed song is listed (and kept as a missing entry). A relative entry is
// looked for beside the file, then under the library's music folder (or `--base DIR`), as MPD writes them.
import ArgumentParser
import Foundation
import TunesPlaylists

extension Playlist {
  struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import", abstract: "Import an M3U, M3U8, XSPF or JSPF file as a playlist.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The playlist file.") var file: String
    @Option(help: "The playlist name (default: the file name without its extension).") var name: String?
    @Option(help: "The file's format when its extension does not say it.") var format: PlaylistFormat?
    @Option(
      name: .customLong("base"),
      help: "The folder relative entries are relative to when not the file's own (default: the library's music folder).",
      completion: .directory)
    var base: String?

    func validate() throws {
      var isFolder: ObjCBool = false
      if let base, !(FileManager.default.fileExists(atPath: base, isDirectory: &isFolder) && isFolder.boolValue) {
        throw ValidationError("--base \(base): no such folder")
      }
    }

    func run() async throws {
      try await reportingErrors {
        let report = try await PlaylistCLI.store(global, .createIfMissing).importFile(
          path: file, name: name, format: format, baseFolders: base.map { [$0] })
        print(
          "imported '\(report.name)': \(PlaylistCLI.songs(report.entryCount))"
            + (report.unmatched.isEmpty ? "" : ", \(report.unmatched.count) not in the library (kept as missing):"))
        for entry in report.unmatched { print("  " + entry.description) }
      }
    }
  }
}
