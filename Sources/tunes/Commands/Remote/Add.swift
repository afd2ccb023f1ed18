// `tunes add QUERY…`: append every library song matching the words (any tag or file name) to the
// running player's queue.
import ArgumentParser
import TunesControl

struct Add: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: "Add the songs matching QUERY to the running player's queue.")

  @OptionGroup var global: GlobalOptions
  @Argument(help: "Words matched, case-insensitively, against any tag or the file name.") var query: [String]

  func validate() throws {
    guard !query.isEmpty else { throw ValidationError("say what to add, e.g. `tunes add nina simone`") }
  }

  func run() async throws {
    try await reportingErrors {
      let client = try PlayerRemote.connect(socketPath: global.paths.mpdSocket)
      let added = try PlayerRemote.add(query: query, client: client)
      print("added \(added) song\(added == 1 ? "" : "s")")
    }
  }
}
