// `tunes search TEXT…`: songs whose title, artist, album or album artist contain words starting with TEXT.
import ArgumentParser
import Foundation
import TunesLibrary

struct Search: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "search",
    abstract: "Search songs: free words are prefixes (cafe blu finds Café Blues); the query language works too.")

  @OptionGroup var global: GlobalOptions

  @Flag(name: .long, help: "Print a JSON array of song objects.")
  var json = false

  @Argument(parsing: .allUnrecognized, help: "Words to look for, or a query.")
  var text: [String] = []

  mutating func validate() throws {
    text = try QueryWords.checked(text, of: Self.self)
    if text.isEmpty { throw ValidationError("Give some words to search for.") }
  }

  func run() async throws {
    try await reportingErrors {
      let library = try global.openLibrary(.readOnly)
      // The text is one query string: quotes typed inside it group words, as in the query language.
      let songs = try DefaultSongOrder.songs(matching: LibraryQuery.parse(text.joined(separator: " ")), in: library)
      if json { JSONOutput.print(songs: songs) } else { SongTable.print(songs) }
    }
  }
}
