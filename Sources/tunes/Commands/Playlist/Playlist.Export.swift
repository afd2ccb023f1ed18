// `tunes playlist export NAME --format m3u8|xspf|jspf [-o FILE] [--relative]`: writes a playlist file
// (to stdout without -o; the format comes from -o's extension when --format is not given).
import ArgumentParser
import Foundation
import TunesPlaylists

extension PlaylistFormat: ExpressibleByArgument {}

extension Playlist {
  struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Write a playlist as M3U8, XSPF or JSPF.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The playlist name.", completion: LibraryCompletions.playlists) var name: String
    @Option(help: "m3u8, m3u, xspf or jspf (default: from the -o extension; m3u8 on standard output).") var format:
      PlaylistFormat?
    @Option(name: [.short, .customLong("output")], help: "The file to write (default: standard output).") var output: String?
    @Flag(help: "Write paths relative to the output file's folder (or the current folder).") var relative = false

    func validate() throws {
      if format == nil, let output, PlaylistFormat(path: output) == nil {
        throw ValidationError("give --format m3u8|xspf|jspf, or -o FILE ending in .m3u8, .m3u, .xspf or .jspf")
      }
    }

    /// What is asked for, else what the file name says; standard output gets M3U8, the usual playlist text.
    var chosenFormat: PlaylistFormat { format ?? output.flatMap(PlaylistFormat.init(path:)) ?? .m3u8 }

    func run() async throws {
      try await reportingErrors {
        let chosen = chosenFormat
        let cwd = FileManager.default.currentDirectoryPath
        let folder: String? =
          relative
          ? (output.map { (($0.hasPrefix("/") ? $0 : cwd + "/" + $0) as NSString).deletingLastPathComponent } ?? cwd) : nil
        let data = try await PlaylistCLI.store(global, .readOnly).export(name: name, format: chosen, relativeTo: folder)
        if let output {
          do {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
          } catch {
            let folder = ((output as NSString).deletingLastPathComponent as NSString).expandingTildeInPath
            throw PlaylistError.cannotWrite(
              path: output,
              reason: FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder)
                ? "permission denied or disk full" : "no such folder")
          }
        } else {
          FileHandle.standardOutput.write(data)
        }
      }
    }
  }
}
