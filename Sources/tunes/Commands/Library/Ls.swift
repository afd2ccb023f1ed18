// `tunes ls artists|albums|songs [QUERY…]`: lists what the library holds, filtered by the query language.
import ArgumentParser
import Foundation
import TunesCore
import TunesLibrary
import TunesPlayer
import TunesTerminal

struct Ls: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ls",
    abstract: "List artists, albums or songs, optionally filtered by a query (see Docs/Query.md).")

  enum What: String, ExpressibleByArgument, CaseIterable {
    case artists, albums, songs
  }

  @OptionGroup var global: GlobalOptions

  /// The ID cell of an artist with no row of its own, and the line under the table that says why.
  static let noIDMark = "*"
  static let noIDNote = "* no ID: a name only credited beside others (\"A feat. B\"); artists:=NAME finds its songs"

  @Flag(name: .long, help: "Print a JSON array of objects.")
  var json = false

  @Option(
    name: .long,
    help: "For songs: the fields to print, comma-separated (any of `tunes info`'s, e.g. title,composer,date,bitrate).")
  var fields: String?
  @Option(
    name: [.customShort("f"), .long],
    help:
      "For songs: one line each from a template, as beets writes it ($artist - $title, ${title}) or mpc (%artist% - %title%); fields as --fields names them."
  )
  var format: String?

  @Argument(help: "artists, albums or songs.")
  var what: What

  // Unrecognized so that negations such as -genre:live reach the query instead of the option parser.
  @Argument(parsing: .allUnrecognized, help: "A query, e.g. artist:\"Daft Punk\" year:2001.. -genre:live sort:-year.")
  var query: [String] = []

  mutating func validate() throws {
    query = try QueryWords.checked(query, of: Self.self)
    if fields != nil && what != .songs { throw ValidationError("--fields applies to ls songs.") }
    _ = try chosenFields()
    if format != nil && what != .songs { throw ValidationError("--format applies to ls songs.") }
    if format != nil && (json || fields != nil) { throw ValidationError("--format prints lines: leave out --json and --fields") }
    _ = try template()
  }

  /// The `--format` template, its fields checked against those `tunes info` knows.
  func template() throws -> OutputTemplate? {
    guard let format else { return nil }
    do {
      return try OutputTemplate(format, known: TagJSON.keys, aliases: ["file": "path", "time": "length", "year": "year"])
    } catch {
      throw ValidationError(error.description)
    }
  }

  /// The keys `--fields` names, checked against those `tunes info` knows; nil without the option.
  func chosenFields() throws -> [String]? {
    guard let fields else { return nil }
    let keys = fields.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    if let unknown = keys.first(where: { !TagJSON.keys.contains($0) }) {
      throw ValidationError("--fields: unknown field \"\(unknown)\" (one of \(TagJSON.keys.joined(separator: ", ")))")
    }
    return keys
  }

  func run() async throws {
    try await reportingErrors {
      let library = try global.openLibrary(.readOnly)
      let parsed = try LibraryQuery.parse(arguments: query)
      switch what {
      case .songs:
        let songs = try DefaultSongOrder.songs(matching: parsed, in: library)
        if let template = try template() {
          let named = template.parts.contains { if case .field(let name) = $0 { TagJSON.gainKeys.contains(name) } else { false } }
          let gains = named ? try ReplayGainInForce.read(global, library: library) : nil
          for row in try TagJSON.values(of: songs, in: library, gains: gains) {
            let line = template.render { name in
              name == "length" ? (row[name] as? Int).map { DurationText.clock(ms: $0) } : TagJSON.text(row[name])
            }
            print(TerminalText.safe(line))
          }
        } else if let keys = try chosenFields() {
          let gains = keys.contains(where: TagJSON.gainKeys.contains) ? try ReplayGainInForce.read(global, library: library) : nil
          let values = try TagJSON.values(of: songs, in: library, gains: gains)
          if json {
            JSONOutput.print(values.map { TagJSON.object($0, keys: keys) })
          } else {
            TableOutput.print(
              header: keys.map { $0.uppercased() }, rows: values.map { row in keys.map { TagJSON.text(row[$0]) ?? "" } },
              rightAligned: [], empty: "no songs match")
          }
        } else if json {
          // Each song with the gain the player applies to it (SongJSON's gain fields).
          let inForce = try ReplayGainInForce.read(global, library: library)
          let choices = try SongGainReader.choices(in: library, songIDs: songs.compactMap(\.id))
          JSONOutput.print(songs: songs) { id in choices[id].map { SongGainView(choice: $0, inForce: inForce) } }
        } else {
          SongTable.print(songs)
        }
      case .artists:
        let artists = try library.artists(matching: parsed)
        if json {
          JSONOutput.print(artists.map(JSONOutput.artist))
        } else {
          // The id is the artist table's, whose rows are whole credits and album artists: a name only ever
          // credited beside others ("A feat. B") has none. On a terminal its cell says so with a mark the
          // note under the table explains; piped, the cell stays empty and JSON has null.
          let terminal = TerminalInfo.isTerminal(STDOUT_FILENO)
          let noID = terminal ? Self.noIDMark : ""
          TableOutput.print(
            header: ["ID", "ARTIST", "ALBUMS", "SONGS"],
            rows: artists.map { [$0.id.map(String.init) ?? noID, $0.name, String($0.albumCount), String($0.songCount)] },
            rightAligned: [0, 2, 3], empty: "no artists match")
          if terminal && artists.contains(where: { $0.id == nil }) { print(Self.noIDNote) }
        }
      case .albums:
        let albums = try library.albums(matching: parsed)
        if json {
          JSONOutput.print(albums.map(JSONOutput.album))
        } else {
          TableOutput.print(
            header: ["ID", "ALBUM", "ALBUM ARTIST", "YEAR", "SONGS", "TIME"],
            rows: albums.map {
              [
                String($0.id), $0.title, $0.albumArtist, $0.year.map(String.init) ?? "", String($0.songCount),
                DurationText.cell(ms: $0.durationMs),
              ]
            },
            rightAligned: [0, 4, 5], empty: "no albums match")
        }
      }
    }
  }
}
