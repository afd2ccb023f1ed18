// The real backend's side of MPD filters: the library scan against decoding every song and filtering the
// MPD songs by the plain String reading, and song URIs cut from path bytes against the same cut by
// Characters. The random songs and clauses are TunesMPDTesting's MPDFilterSamples, on the tags the
// library keeps.
import Foundation
import Testing
import TunesMPDTesting

@testable import TunesControl
@testable import TunesLibrary
@testable import TunesMPD

@Suite struct LibraryFilterTests {
  /// The tags the library keeps: a filter on any other MPD tag type holds for every song or for none.
  static let keptTags: [MPDTag] = [.artist, .albumArtist, .title, .album, .track, .date, .genre, .disc]

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
        let mpd = MPDFilterSamples.song(&random, tags: Self.keptTags)
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
    let everySong = try LibrarySongs.mpdSongs(LibrarySongs.all(library), library: library, folder: musicFolder)
    var nonEmpty = 0
    for _ in 0..<300 {
      let filter = MPDFilter([
        MPDFilterSamples.clause(&random, song: everySong.randomElement(using: &random)!, tags: Self.keptTags)
      ])
      let expected = everySong.filter { stringReading(filter, $0) }
      let found = try LibrarySongs.matching(filter, library: library, folder: musicFolder)
      #expect(found == expected, "\(filter)")
      if !expected.isEmpty && expected.count < everySong.count { nonEmpty += 1 }
    }
    #expect(nonEmpty > 50, "too few filters picked some songs: \(nonEmpty)")
  }

  /// The tags the library stores one value at a time, as the indexer stores them (several artists, genres…).
  static let listedTags: [MPDTag] = [.artist, .albumArtist, .genre, .composer, .performer, .label]

  /// A library whose songs have their tags stored value by value, as the indexer writes them (the artist
  /// column the first artist, an album artist column taken from the artist marked as such), and a few
  /// songs written without stored values (`Song.insert`), which every narrowed filter must still test.
  static func storedTagLibrary(_ random: inout SplitMix, folder: String) throws -> Library {
    let library = try Library(path: folder + "/library.db", areas: everyDatabaseArea)
    try library.pool.write { db in
      for index in 0..<400 {
        let mpd = MPDFilterSamples.song(&random, tags: listedTags + [.title, .album], maxValues: 3)
        let artists = mpd.tags[all: .artist], albumArtists = mpd.tags[all: .albumArtist]
        var song = Song(
          path: "/music/"
            + mpd.file.replacingOccurrences(of: ".mp3", with: " \(index).mp3").replacingOccurrences(of: "\0", with: ""),
          title: mpd.tags[.title] ?? "", artist: artists.first ?? "", album: mpd.tags[.album] ?? "",
          albumArtist: albumArtists.first ?? artists.first ?? "")
        try song.insert(db)
        guard index % 10 != 0, let id = song.id else { continue }
        for tag in listedTags {
          for (position, value) in mpd.tags[all: tag].enumerated() {
            // Flagged as the indexer flags what NOCASE misjudges (TagRowsSchema).
            try db.execute(
              sql: "INSERT INTO songTag (songId, name, value, position, lookalike) VALUES (?, ?, ?, ?, ?)",
              arguments: [id, LibrarySongs.listedTagNames[tag], value, position, TagLookalike.holdsOne(value) ? 1 : nil])
          }
        }
        try db.execute(
          sql: "UPDATE song SET tagsStored = 2, derivedFields = ? WHERE id = ?",
          arguments: [albumArtists.isEmpty ? 2 : 0, id])
      }
      // The credits apart from their names, marked as the indexer marks the rows it writes.
      try db.execute(sql: CreditSchema.markAll)
    }
    return library
  }

  /// A filter on tags stored value by value is narrowed through their index before the songs are read,
  /// and must pass exactly the songs the plain String reading passes: case rules of `==` against
  /// `contains`, `!=`, regular expressions, empty values, several values, the album artist read through
  /// the artist, and values full of case-folding traps (the Kelvin sign, ß, İ, combining marks).
  @Test func storedTagFiltersPassWhatFilteringEveryDecodedSongPasses() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var random = SplitMix(state: 23)
    let library = try Self.storedTagLibrary(&random, folder: folder)
    let musicFolder = try MusicFolder.of(library)
    let everySong = try LibrarySongs.mpdSongs(LibrarySongs.all(library), library: library, folder: musicFolder)
    var narrowed = 0, nonEmpty = 0
    for round in 0..<400 {
      var clauses: [MPDFilter.Clause] = []
      for _ in 0...(round % 3 == 0 ? 1 : 0) {
        var clause = MPDFilterSamples.clause(&random, song: everySong.randomElement(using: &random)!, tags: Self.listedTags)
        if round % 7 == 0 {
          clause.op = .regex
          clause.value = ["^H", "er$", "(?i)kelvin", "é", "[0-9]", "^$", "Москва|river"][round % 7]
        }
        clauses.append(clause)
      }
      let filter = MPDFilter(clauses)
      let expected = everySong.filter { stringReading(filter, $0) }
      #expect(try LibrarySongs.matching(filter, library: library, folder: musicFolder) == expected, "\(filter)")
      if let candidates = try LibrarySongs.candidates(filter, library: library) {
        narrowed += 1
        #expect(candidates.count < everySong.count || expected.count == everySong.count, "\(filter)")
      }
      if !expected.isEmpty && expected.count < everySong.count { nonEmpty += 1 }
    }
    #expect(narrowed > 100 && nonEmpty > 50, "narrowed \(narrowed), picked some songs \(nonEmpty)")
  }

  /// `list TAG` of a tag stored value by value reads the distinct values from their index; the same
  /// values as every song's, its fallback's where it has none, and "" for a song with neither.
  @Test func listingAStoredTagGivesEverySongsValues() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var random = SplitMix(state: 5)
    let library = try Self.storedTagLibrary(&random, folder: folder)
    let musicFolder = try MusicFolder.of(library)
    let everySong = try LibrarySongs.mpdSongs(LibrarySongs.all(library), library: library, folder: musicFolder)
    // A song whose file is gone is listed by neither.
    try library.pool.write { db in try db.execute(sql: "UPDATE song SET missingSince = '2026-01-01' WHERE id % 9 = 0") }
    let present = try LibrarySongs.all(library).compactMap(\.id)
    #expect(present.count < everySong.count)
    let shown = try LibrarySongs.mpdSongs(LibrarySongs.all(library), library: library, folder: musicFolder)
    for tag in Self.listedTags {
      var expected = Set<String>()
      for song in shown {
        let values = ([tag] + tag.fallbacks).lazy.map { song.tags[all: $0] }.first { !$0.isEmpty } ?? [""]
        expected.formUnion(values)
      }
      // Compared as sets: String's order of these traps depends on the order they are sorted from.
      let listed = try LibrarySongs.tagValues(tag, matching: MPDFilter(), library: library, folder: musicFolder)
      #expect(Set(listed) == expected && listed.count == expected.count, "\(tag)")
    }
  }
}
