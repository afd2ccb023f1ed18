// The `sort TAG` and `window START:END` options that end the arguments of find, search, findadd,
// searchadd and searchaddpl, read and applied as MPD 0.23 does: `window` must come last and `sort` just
// before it (anything else is read as part of the filter); `sort -TAG` is descending; songs that tie keep
// the library's order; Track and Disc sort by their leading number, every other tag by its bytes, and
// `Last-Modified` by the file's time. A song without the tag sorts as the empty value, except where MPD
// falls back to a related tag (AlbumArtist to Artist, the *Sort tags to their plain tag).
import Foundation

struct MPDFindOptions: Sendable {
  enum SortKey: Sendable, Equatable {
    case tag(MPDTag)
    case lastModified
  }

  var sort: SortKey?
  var descending = false
  var window: MPDRange?

  /// Takes the options off the end of `arguments`, leaving the filter.
  static func take(from arguments: inout [String]) throws(MPDError) -> MPDFindOptions {
    var options = MPDFindOptions()
    if arguments.count >= 2, arguments[arguments.count - 2] == "window" {
      options.window = try MPDRange.parse(arguments[arguments.count - 1])
      arguments.removeLast(2)
    }
    if arguments.count >= 2, arguments[arguments.count - 2] == "sort" {
      var name = Substring(arguments[arguments.count - 1])
      if name.hasPrefix("-") {
        options.descending = true
        name = name.dropFirst()
      }
      if let tag = MPDTag(protocolName: String(name)) {
        options.sort = .tag(tag)
      } else if name.lowercased() == "last-modified" {
        options.sort = .lastModified
      } else {
        throw MPDError.argument("Unknown sort tag")
      }
      arguments.removeLast(2)
    }
    return options
  }

  /// The songs sorted (stably) and cut to the window.
  func apply(to songs: [MPDSong]) -> [MPDSong] {
    var result = songs
    if let sort {
      let keyed = songs.enumerated().map { (offset: $0.offset, song: $0.element) }
      result = keyed.sorted { a, b in
        let (first, second) = descending ? (b.song, a.song) : (a.song, b.song)
        if Self.precedes(first, second, by: sort) { return true }
        if Self.precedes(second, first, by: sort) { return false }
        return a.offset < b.offset
      }.map(\.song)
    }
    guard let window else { return result }
    let start = min(window.start, result.count)
    return Array(result[start..<max(start, min(window.end ?? result.count, result.count))])
  }

  static func precedes(_ a: MPDSong, _ b: MPDSong, by key: SortKey) -> Bool {
    switch key {
    case .lastModified:
      return (a.lastModified ?? .distantPast) < (b.lastModified ?? .distantPast)
    case .tag(let tag) where tag.isNumeric:
      return leadingNumber(sortValue(a, tag)) < leadingNumber(sortValue(b, tag))
    case .tag(let tag):
      return sortValue(a, tag).utf8.lexicographicallyPrecedes(sortValue(b, tag).utf8)
    }
  }

  /// The value a song sorts by: the tag, or the tag MPD falls back to when the song has none.
  static func sortValue(_ song: MPDSong, _ tag: MPDTag) -> String {
    if let value = song.tags[tag], !value.isEmpty { return value }
    switch tag {
    case .albumArtist, .artistSort: return sortValue(song, .artist)
    case .albumArtistSort: return sortValue(song, .albumArtist)
    case .albumSort: return sortValue(song, .album)
    case .composerSort: return sortValue(song, .composer)
    default: return ""
    }
  }

  /// The number a value starts with, as C's `strtol` reads it (spaces, a sign, digits); 0 when none.
  static func leadingNumber(_ value: String) -> Int {
    var rest = Substring(value).drop { $0 == " " || $0 == "\t" }
    var sign = 1
    if let first = rest.first, first == "-" || first == "+" {
      sign = first == "-" ? -1 : 1
      rest = rest.dropFirst()
    }
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    return sign * (Int(digits.prefix(18)) ?? 0)
  }
}
