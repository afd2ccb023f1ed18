// `tunes info SONG`: everything the index knows about one song, named by id, path, or a query
// matching exactly one song (otherwise the candidates are listed).
import ArgumentParser
import Foundation
import TunesCore
import TunesLibrary
import TunesTags
import TunesTerminal

enum InfoError: TunesError {
  case ambiguous(query: String, count: Int)

  var exitStatus: ExitStatus { .noInput }
  var description: String {
    switch self {
    case .ambiguous(let query, let count): return "\(count) songs match \"\(query)\"; name one by id or path"
    }
  }
}

struct Info: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info", abstract: "Show one song: by id, by path, or by a query matching one song.")

  @OptionGroup var global: GlobalOptions

  @Flag(name: .long, help: "Print the song as a JSON object.")
  var json = false

  @Argument(parsing: .allUnrecognized, help: "A song id, a file path, or a query.")
  var song: [String] = []

  mutating func validate() throws {
    song = try QueryWords.checked(song, of: Self.self)
    if song.isEmpty { throw ValidationError("Name a song by id, path or query.") }
  }

  func run() async throws {
    try await reportingErrors {
      let library = try global.openLibrary(.mustExist)
      let text = song.joined(separator: " ")
      let found = try find(text, in: library)
      let values = try TagJSON.values(of: [found], in: library)[0]
      if json {
        JSONOutput.print(TagJSON.object(values))
      } else {
        printDetails(found, values)
      }
    }
  }

  func find(_ text: String, in library: Library) throws -> Song {
    if let found = try SongArgument.byIdOrPath(song, in: library) { return found }
    let candidates = try library.songs(matching: LibraryQuery.parse(arguments: song))
    if candidates.count == 1 { return candidates[0] }
    if candidates.isEmpty { throw LibraryError.songNotFound(text) }
    SongTable.print(Array(candidates.prefix(50)))
    throw InfoError.ambiguous(query: text, count: candidates.count)
  }

  /// Every known tag and property, one per line; the fallbacks listings show for an untagged title or
  /// album artist are given, marked as such.
  func printDetails(_ song: Song, _ values: [String: Any]) {
    var shown: [(String, String)] = []
    for key in TagJSON.keys {
      if let text = TagJSON.text(values[key]) {
        shown.append((key, TerminalText.safe(text)))
      } else if key == "title" {
        shown.append((key, TerminalText.safe(song.title) + " (no tag: from the file name)"))
      } else if key == "albumartist", !song.albumArtist.isEmpty {
        shown.append((key, TerminalText.safe(song.albumArtist) + " (no tag: the artist)"))
      } else if key == "length", let ms = song.durationMs {
        shown.append((key, DurationText.clock(ms: ms)))
      }
    }
    if let index = shown.firstIndex(where: { $0.0 == "length" }), let ms = song.durationMs {
      shown[index].1 = DurationText.clock(ms: ms)
    }
    let width = shown.map(\.0.count).max() ?? 0
    let out = shown.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }.joined(separator: "\n")
    FileHandle.standardOutput.write(Data((out + "\n").utf8))
  }
}
