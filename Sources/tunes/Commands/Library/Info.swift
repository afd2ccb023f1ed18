// `tunes info SONG`: everything the index knows about one song, named by id, path, or a query
// matching exactly one song (otherwise the candidates are listed).
import ArgumentParser
import Foundation
import TunesCore
import TunesLibrary
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
      if json {
        JSONOutput.print(JSONOutput.song(found))
      } else {
        printDetails(found)
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

  func printDetails(_ song: Song) {
    let fields: [(String, String?)] = [
      ("id", song.id.map(String.init)), ("path", song.path), ("title", song.title), ("artist", song.artist),
      ("album", song.album), ("album artist", song.albumArtist),
      ("track", song.trackNumber.map { n in song.trackTotal.map { "\(n)/\($0)" } ?? "\(n)" }),
      ("disc", song.discNumber.map { n in song.discTotal.map { "\(n)/\($0)" } ?? "\(n)" }),
      ("year", song.year.map(String.init)), ("genre", song.genre),
      ("duration", song.durationMs.map { DurationText.clock(ms: $0) }),
      ("recording MBID", song.recordingMbid), ("release MBID", song.releaseMbid),
      ("artist MBIDs", song.artistMbids.isEmpty ? nil : song.artistMbids.joined(separator: ", ")),
      ("play count", String(song.playCount)),
      ("last played", song.lastPlayedAt.map(DateText.iso)),
    ]
    let shown = fields.compactMap { name, value in value.map { (name, TerminalText.safe($0)) } }
    let width = shown.map(\.0.count).max() ?? 0
    let out = shown.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }.joined(separator: "\n")
    FileHandle.standardOutput.write(Data((out + "\n").utf8))
  }
}
