// `tunes add QUERY…`: append the library songs matching QUERY to the running player's queue. The songs
// are chosen here with the library's query language, as `tunes play QUERY` chooses them, and sent to
// the player as paths, so `add` finds what `ls songs` and `play` find for the same words.
import ArgumentParser
import TunesControl

struct Add: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: "Add the songs matching QUERY to the running player's queue (see Docs/Query.md).")

  @OptionGroup var global: GlobalOptions
  // allUnrecognized: a negated term (-genre:live) is a query term, not an unknown option.
  @Argument(parsing: .allUnrecognized, help: "A query, e.g. cafe, artist:\"Ansel Grey\" -genre:live.")
  var query: [String] = []
  @OptionGroup var names: ExactNameOptions

  mutating func validate() throws {
    query = try QueryWords.checked(query, of: Self.self)
    guard !query.isEmpty || !names.isEmpty else {
      throw ValidationError("say what to add, e.g. `tunes add nina simone`")
    }
  }

  func run() async throws {
    try await reportingErrors {
      // The library's player wherever its socket is, as `tunes play` finds it.
      let client = try PlayerRemote.connect(socketPath: global.playerSocket)
      let library = try global.openLibrary(.mustExist)
      let songs = try PlayQueueSource.batch(library: library, words: query, artist: names.artist, album: names.album).songs
      guard !songs.isEmpty else {
        let terms = query + names.terms
        throw PlayCLIError.nothingMatched(terms.joined(separator: " "))
      }
      print(try RemotePlay.send(songs, append: true, shuffle: false, to: client))
    }
  }
}
