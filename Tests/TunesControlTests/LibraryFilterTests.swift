// The real backend's side of MPD filters: the library scan against decoding every song and filtering the
// MPD songs by the plain String reading, and song URIs cut from path bytes against the same cut by
// Characters. The random songs and clauses are made as TunesMPDTests/FilterMatcherTests makes them.
import Foundation
import Testing

@testable import TunesControl
@testable import TunesLibrary
@testable import TunesMPD

@Suite struct LibraryFilterTests {
  static let pieces = [
    "Help", "help", "HELP", "the ", "Beatles", "river", "Rive", "/", "01 ", "é", "E\u{301}", "É", "straße", "STRASSE",
    "İstanbul", "i\u{307}", "\u{212A}elvin", "kelvin", "\r\n", "\n", "a\r", "Zürich", "ZÜRICH", "Jazz", "QUARTZ",
    "soft\u{AD}hyphen", "ǅ", "Ǆ", "ǆ", "Ÿ", "ÿ", "Ⱥ", "ⱥ", "ı", "Ω", "ΟΔΟΣ", "σοφία", "ί", "\u{37E}", "Москва", "МОСКВА",
    "夜の月", "ラスト", "が", "か\u{3099}", "ﾊﾞ", "하늘", "\u{1100}\u{1161}", "\u{F900}", "✨", "🔥", "👍\u{1F3FD}", "🇫🇷", "👩\u{200D}🚀",
    "❤\u{FE0F}",
    "שלום", "حب", "\u{600}1", "\0", "é\0", "",
  ]

  static let asciiPieces = pieces.filter { $0.utf8.allSatisfy { $0 < 0x80 } }

  static func text(_ random: inout SplitMix, maxPieces: Int = 3, ascii: Bool = false) -> String {
    let from = ascii ? asciiPieces : pieces
    return (0..<random.below(maxPieces + 1)).map { _ in from[random.below(from.count)] }.joined()
  }

  /// The tags the library keeps: a filter on any other MPD tag type holds for every song or for none.
  static let keptTags: [MPDTag] = [.artist, .albumArtist, .title, .album, .track, .date, .genre, .disc]

  /// Half the songs are ASCII throughout, so that whole filters run on the byte path.
  static func song(_ random: inout SplitMix) -> MPDSong {
    let ascii = random.next() % 2 == 0
    var tags: [MPDTag: String] = [:]
    for tag in keptTags where random.next() % 4 != 0 {
      let value = text(&random, ascii: ascii)
      if !value.isEmpty { tags[tag] = value }
    }
    return MPDSong(file: text(&random, ascii: ascii) + "/" + text(&random, ascii: ascii) + ".mp3", tags: tags)
  }

  /// A needle taken from the song's own values about half the time, so that many clauses hold.
  static func clause(_ random: inout SplitMix, song: MPDSong) -> MPDFilter.Clause {
    let fields: [MPDFilter.Field] = [.any, .file, .base] + keptTags.map { .tag($0) }
    let field = fields[random.below(fields.count)]
    let ops: [MPDFilter.Operator] = [.equal, .notEqual, .contains, .startsWith]
    var value = text(&random, maxPieces: 2)
    if random.next() % 2 == 0 {
      let source = Array(([song.file] + song.tags.values.sorted()).randomElement(using: &random)!)
      let start = random.below(source.count + 1)
      let end = start + random.below(source.count - start + 1)
      value = String(source[start..<end])
      if random.next() % 3 == 0 { value = value.uppercased() }
    }
    return MPDFilter.Clause(
      field: field, op: ops[Int(random.next() % 4)], value: value, ignoreCase: random.next() % 2 == 0,
      negated: random.next() % 4 == 0)
  }

  /// The URI of a path by Characters, as the protocol layer first defined it: the reference.
  static func uriByCharacters(_ path: String, root: String?) -> String {
    guard let root else { return path }
    if root == "/" { return String(path.dropFirst()) }
    return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
  }

  @Test func uriOfPathBytesEqualsUriOfPathString() {
    let paths = [
      "/music/a.mp3", "m/x.mp3", "/musical/b.mp3", "/music", "/music/", "/mu/sic.mp3", "/é/x.mp3", "/e\u{301}/x.mp3",
      "/music/é.mp3", "x.mp3", "",
    ]
    for root in ["/", "/music", "/mu", "/é", "/e\u{301}", "m", nil] as [String?] {
      let folder = MusicFolder(root: root)
      for path in paths {
        var bytes = Array(path.utf8)
        let uri = bytes.withUnsafeMutableBufferPointer { buffer -> String in
          switch folder.uri(forPath: UnsafeBufferPointer(buffer)) {
          case .string(let text): return text
          case .bytes(let cut): return String(decoding: cut, as: UTF8.self)
          }
        }
        let expected = Self.uriByCharacters(path, root: folder.root)
        #expect(uri == expected, "root \(root ?? "nil"), path \(path)")
        #expect(folder.uri(forPath: path) == expected, "root \(root ?? "nil"), path \(path)")
      }
    }
  }

  @Test func libraryScanEqualsFilteringEveryDecodedSong() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let library = try Library(path: folder + "/library.db", areas: everyDatabaseArea)
    var random = SplitMix(state: 11)
    try library.pool.write { db in
      for index in 0..<400 {
        let mpd = Self.song(&random)
        var song = Song(
          // A path has no NUL (SQLite would cut it there).
          path: "/music/"
            + mpd.file.replacingOccurrences(of: ".mp3", with: " \(index).mp3").replacingOccurrences(of: "\0", with: ""),
          title: mpd.tags[.title] ?? "",
          artist: mpd.tags[.artist] ?? "", album: mpd.tags[.album] ?? "", albumArtist: mpd.tags[.albumArtist] ?? "",
          trackNumber: random.next() % 3 == 0 ? nil : Int(random.next() % 20), discNumber: random.next() % 2 == 0 ? nil : 1,
          year: random.next() % 3 == 0 ? nil : 1990 + Int(random.next() % 30), genre: mpd.tags[.genre])
        try song.insert(db)
      }
    }
    let musicFolder = try MusicFolder.of(library)
    let everySong = try LibrarySongs.all(library).map { LibrarySongs.mpdSong($0, folder: musicFolder) }
    var nonEmpty = 0
    for _ in 0..<300 {
      let filter = MPDFilter([Self.clause(&random, song: everySong.randomElement(using: &random)!)])
      let expected = everySong.filter { stringReading(filter, $0) }
      let found = try LibrarySongs.matching(filter, library: library, folder: musicFolder)
      #expect(found == expected, "\(filter)")
      if !expected.isEmpty && expected.count < everySong.count { nonEmpty += 1 }
    }
    #expect(nonEmpty > 50, "too few filters picked some songs: \(nonEmpty)")
  }
}

/// The filter as the protocol defines it, one String at a time: `lowercased()`, then `==`,
/// `firstRange(of:)` and `hasPrefix` (the reading of TunesMPDTests/FilterReading.swift).
func stringReading(_ filter: MPDFilter, _ song: MPDSong) -> Bool {
  filter.clauses.allSatisfy { clause in
    let candidates: [String]
    switch clause.field {
    case .tag(let tag): candidates = [song.tags[tag] ?? ""]
    case .any: candidates = [song.file] + MPDTag.allCases.compactMap { song.tags[$0] }
    case .file: candidates = [song.file]
    case .base:
      let base = clause.value.hasSuffix("/") ? clause.value : clause.value + "/"
      return (clause.value.isEmpty || song.file.hasPrefix(base)) != clause.negated
    case .modifiedSince:
      guard let since = try? MPDTime.seconds(clause.value), let modified = song.lastModified else { return clause.negated }
      return (modified.timeIntervalSince1970 >= since) != clause.negated
    }
    if clause.op == .regex {
      guard let regex = try? Regex(clause.value) else { return false }
      let pattern = clause.ignoreCase ? regex.ignoresCase() : regex
      return candidates.contains { (try? pattern.firstMatch(in: $0)) != nil } != clause.negated
    }
    let needle = clause.ignoreCase ? clause.value.lowercased() : clause.value
    let hit = candidates.contains { raw in
      let value = clause.ignoreCase ? raw.lowercased() : raw
      switch clause.op {
      case .equal: return value == needle
      case .notEqual: return value != needle
      case .contains: return value.firstRange(of: needle) != nil
      case .startsWith: return value.hasPrefix(needle)
      case .regex: return false  // read above
      }
    }
    return hit != clause.negated
  }
}
