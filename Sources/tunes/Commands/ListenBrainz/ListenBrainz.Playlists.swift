// `tunes lb playlists [USER] [--created-for|--collaborator]`: playlists by a user, made for them
// (Weekly Jams, Weekly Exploration…) or that they collaborate on. Pull one with `tunes playlist pull`.
import ArgumentParser
import Foundation
import TunesListenBrainz

extension ListenBrainz {
  struct Playlists: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "playlists", abstract: "ListenBrainz playlists of a user.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: DashboardOptions

    @Argument(help: "The ListenBrainz user (default: the logged-in one).")
    var user: String?

    @Flag(name: .customLong("created-for"), help: "Playlists made for the user (e.g. Weekly Jams).")
    var createdFor = false

    @Flag(name: .long, help: "Playlists the user collaborates on.")
    var collaborator = false

    @Option(name: .long, help: "How many (default 25).")
    var count = 25

    func validate() throws {
      guard !(createdFor && collaborator) else { throw ValidationError("choose --created-for or --collaborator, not both") }
      guard count > 0 else { throw ValidationError("--count must be at least 1") }
    }

    func run() async throws {
      try await reportingErrors {
        let context = try DashboardContext(global: global, options: options)
        let kind: RemotePlaylistListKind = createdFor ? .createdFor : (collaborator ? .collaborator : .createdBy)
        let list = try await context.dashboard.playlists(
          user: try context.user(user, for: "tunes lb playlists"), kind: kind, count: count)
        if options.json {
          context.printJSON(list)
        } else {
          context.printLines(DashboardRender(width: context.terminal.width, style: context.style).playlists(list))
        }
      }
    }
  }
}
