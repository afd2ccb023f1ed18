// `tunes playlist delete NAME [--yes]`: asks first when run on a terminal, unless --yes.
import ArgumentParser
import Foundation
import TunesPlaylists
import TunesTerminal

extension Playlist {
  struct Delete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "delete", abstract: "Delete a playlist (its songs stay in the library).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The playlist name.", completion: LibraryCompletions.playlists) var name: String
    @Flag(name: [.short, .long], help: "Do not ask.") var yes = false

    func run() async throws {
      try await reportingErrors {
        let store = try PlaylistCLI.store(global, .mustExist)
        let summary = try await store.show(name: name).summary  // an unknown name fails before asking
        if !yes && TerminalInfo.isTerminal(STDIN_FILENO) && TerminalInfo.isTerminal(STDOUT_FILENO) {
          // Unbuffered, so the question shows before readLine waits.
          FileHandle.standardOutput.write(
            Data("Delete playlist '\(summary.name)' (\(PlaylistCLI.songs(summary.songCount)))? [y/N] ".utf8))
          guard let answer = readLine()?.lowercased(), answer == "y" || answer == "yes" else {
            print("kept '\(summary.name)'")
            return
          }
        }
        try await store.delete(name: summary.name)
        print("deleted '\(summary.name)'")
      }
    }
  }
}
