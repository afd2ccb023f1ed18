// What the playlist commands share: opening the store, resolving QUERY…|PATH… arguments, and the
// small pieces of their text output (durations are DurationText's, JSON is JSONOutput's).
import Foundation
import TunesCore
import TunesLibrary
import TunesPlaylists

enum PlaylistCLI {
  /// The store over the library named by the global options, resolving queries with the library's
  /// query language. Only the commands that make a playlist create a missing library: the others act
  /// on a playlist that cannot exist without one.
  static func store(_ options: GlobalOptions, _ opening: LibraryOpening) throws -> PlaylistStore {
    let library = try options.openLibrary(opening)
    return PlaylistStore(library: library, query: { try library.songs(matching: $0) })
  }

  /// Arguments that name files or folders (contain a "/" or exist) are paths, unless they are query
  /// field terms; the rest form one query.
  static func songs(_ arguments: [String], store: PlaylistStore) async throws -> [Song] {
    let isPath = { (text: String) in
      !isFieldTerm(text) && (text.contains("/") || FileManager.default.fileExists(atPath: text))
    }
    let paths = arguments.filter(isPath)
    let words = arguments.filter { !isPath($0) }
    var songs = try await store.songs(atPaths: paths)
    if !words.isEmpty {
      let query = words.joined(separator: " ")
      // Parsed as arguments: one shell argument holding spaces (artist:"Daft Punk" unquoted by the
      // shell) stays one value.
      let found = try store.library.songs(matching: try LibraryQuery.parse(arguments: words))
      if found.isEmpty { throw PlaylistError.noSongs(query: query) }
      songs += found
    }
    return songs
  }

  /// `field:value` or `-field:value` as the query parser reads a field (letters, then ":"): a query term
  /// even when its value holds a "/" (`path:/music/jazz`). A file named so is written `./artist:x`.
  static func isFieldTerm(_ text: String) -> Bool {
    let body = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    guard let colon = body.firstIndex(of: ":") else { return false }
    return colon > body.startIndex && body[..<colon].allSatisfy(\.isLetter)
  }

  static func songs(_ count: Int) -> String { count == 1 ? "1 song" : "\(count) songs" }

  /// Text padded (or cut with "…") to a display width in characters.
  static func column(_ text: String, _ width: Int) -> String {
    if text.count > width { return String(text.prefix(max(width - 1, 0))) + "…" }
    return text + String(repeating: " ", count: width - text.count)
  }
}
