// `tunes info SONG`: everything the index knows about one song, named by id, path, or a query
// matching exactly one song (otherwise the candidates are listed). Where a catalogue (library.json)
// gives a field the file tags otherwise, the file's own value is shown beside it: the catalogue's name is
// what every listing uses, and without it a user cannot see what the file itself says. The ReplayGain the
// player applies is shown too: measured or tagged, track and album, and the dB under the mode in force.
import ArgumentParser
import Foundation
import TunesCore
import TunesLibrary
import TunesPlayer
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
      let library = try global.openLibrary(.readOnly)
      let text = song.joined(separator: " ")
      let found = try find(text, in: library)
      let inForce = try ReplayGainInForce.read(global, library: library)
      let values = try TagJSON.values(of: [found], in: library, gains: inForce)[0]
      let file = try found.id.flatMap { try library.fileTags(forSongs: [$0])[$0] }.map { Self.overridden(values, by: $0) } ?? [:]
      if json {
        var object = TagJSON.object(values)
        object["file"] = file.isEmpty ? NSNull() : file
        JSONOutput.print(object)
      } else {
        let choice = try found.id.flatMap { try SongGainReader.choices(in: library, songIDs: [$0])[$0] }
        printDetails(found, values, file: file, gain: choice.map { SongGainView(choice: $0, inForce: inForce) })
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

  /// The fields a catalogue set where the file tags them otherwise, by `TagJSON` key, with the file's
  /// values (as `TagJSON` writes them: genres a list, numbers as numbers). A field the file leaves
  /// untagged is not among them: the catalogue filled it in, it overrode nothing.
  static func overridden(_ values: [String: Any], by file: FileTags) -> [String: Any] {
    let own: [(String, Any?)] = [
      ("title", file.title), ("artist", file.artist), ("album", file.album), ("albumartist", file.albumArtist),
      ("track", file.trackNumber), ("disc", file.discNumber), ("date", file.date),
      ("genre", file.genres.isEmpty ? nil : file.genres), ("mb_trackid", file.recordingMbid),
    ]
    var found: [String: Any] = [:]
    for (key, value) in own {
      // The library keeps names trimmed of white space; a file's " Air" is not overridden by "Air".
      guard let text = TagJSON.text(value)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty,
        text != TagJSON.text(values[key])
      else { continue }
      found[key] = value
    }
    return found
  }

  /// Every known tag and property, one per line; the fallbacks listings show for an untagged title or
  /// album artist are given, marked as such, and the file's own value where a catalogue replaced it. The
  /// gain the player applies follows the file's own ReplayGain tags, in words (SongGainView).
  func printDetails(_ song: Song, _ values: [String: Any], file: [String: Any], gain: SongGainView?) {
    var shown: [(String, String)] = []
    for key in TagJSON.keys where !TagJSON.gainKeys.contains(key) {
      if key == "mixramp_start", let gain { shown += gain.lines }
      if let text = TagJSON.text(values[key]) {
        let own = TagJSON.text(file[key]).map { " (file: " + TerminalText.safe($0) + ")" } ?? ""
        shown.append((key, TerminalText.safe(text) + own))
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
