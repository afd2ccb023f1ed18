// The one owner of playlist edits: create, add, remove, move, rename, delete, sort, dedupe, show, list,
// import and export. Each change runs in one write transaction; a refused change leaves the database as it was.
import Foundation
import GRDB
import TunesCore
import TunesLibrary

/// Resolves a query of the library's query language (with `sort:` and `limit:`) to songs, in order.
/// In production this is `library.songs(matching:)`; tests pass their own.
public typealias SongQuery = @Sendable (String) throws -> [Song]

public actor PlaylistStore {
  public nonisolated let library: Library
  private let query: SongQuery
  private let clock: any TunesClock

  public init(library: Library, query: @escaping SongQuery, clock: any TunesClock = SystemClock()) {
    self.library = library
    self.query = query
    self.clock = clock
  }

  /// The playlists area's tables in the library database.
  private var tables: AreaDatabase { library.database(for: .playlists) }

  /// Runs the query outside any transaction (it reads the library itself).
  public func songs(matching text: String) throws -> [Song] {
    try Self.reportingFailures(of: query)(text)
  }

  /// `query` with its errors that are not the user's to read as they are said as a failed query.
  private static func reportingFailures(of query: @escaping SongQuery) -> SongQuery {
    { text in
      do {
        return try query(text)
      } catch let error as TunesError {
        throw error
      } catch {
        throw PlaylistError.queryFailed(query: text, reason: "\(error)")
      }
    }
  }

  /// The songs at these paths: a file's song, or every song under a folder. A path the library does
  /// not know is an error (nothing is added).
  public func songs(atPaths paths: [String]) throws -> [Song] {
    let cwd = FileManager.default.currentDirectoryPath
    return try library.readSongs { reader in
      var songs: [Song] = []
      for given in paths {
        let path = FilePaths.normalize(given, baseFolder: cwd)
        if let song = try reader.song(atPath: path) {
          songs.append(song)
          continue
        }
        // "folder/" <= path < "folder0" ('0' follows '/'): the paths under it, through the path index.
        let under = try reader.songs(pathsFrom: path + "/", to: path + "0")
        if under.isEmpty {
          // A name that is nowhere on disk is a typo, not a file to index.
          guard FileManager.default.fileExists(atPath: path) else { throw PlaylistError.noSuchFile(path: given) }
          throw PlaylistError.notInLibrary(path: given)
        }
        songs += under
      }
      return songs
    }
  }

  /// The songs MPD URIs name, in order: an absolute path exactly, a relative URI (MPD's, relative to
  /// the music folder) by the song whose path ends with "/URI". URIs that name no song are returned apart.
  public func songs(forURIs uris: [String]) throws -> (songs: [Song], unknown: [String]) {
    let relative = Set(uris.filter { !$0.hasPrefix("/") })
    return try library.readSongs { reader in
      // One pass over the paths: every "/"-suffix of a path that some URI names.
      var bySuffix: [String: Int64] = [:]
      if !relative.isEmpty {
        try reader.forEachIDAndPath { id, path in
          var index = path.startIndex
          while let slash = path[index...].firstIndex(of: "/") {
            let suffix = String(path[path.index(after: slash)...])
            if relative.contains(suffix), bySuffix[suffix] == nil { bySuffix[suffix] = id }
            index = path.index(after: slash)
          }
        }
      }
      var songs: [Song] = []
      var unknown: [String] = []
      for uri in uris {
        let song =
          uri.hasPrefix("/")
          ? try reader.song(atPath: uri)
          : try bySuffix[uri].flatMap { try reader.song(id: $0) }
        if let song { songs.append(song) } else { unknown.append(uri) }
      }
      return (songs, unknown)
    }
  }

  // MARK: Creating

  /// An ordinary playlist holding `songs` (possibly none).
  @discardableResult
  public func create(name: String, songs: [Song] = []) throws -> PlaylistSummary {
    let now = clock.now()
    return try tables.write { db in
      let id = try PlaylistTables.insertPlaylist(db, name: name, now: now)
      try PlaylistTables.append(db, songs.map(ItemValues.init(song:)), playlistID: id)
      return PlaylistTables.summary(
        try PlaylistTables.require(db, name: name), entries: try PlaylistTables.entries(db, playlistID: id))
    }
  }

  /// A smart playlist: its songs are `query`'s result whenever it is read. The query is run once now
  /// so a query that does not parse is refused at creation.
  @discardableResult
  public func createSmart(name: String, query text: String) throws -> PlaylistSummary {
    try tables.read { db in try PlaylistTables.checkNewName(db, name) }  // a bad name is reported before a bad query
    let songs = try songs(matching: text)
    let now = clock.now()
    try tables.write { db in _ = try PlaylistTables.insertPlaylist(db, name: name, smartQuery: text, now: now) }
    return PlaylistSummary(
      name: name, smartQuery: text, songCount: songs.count, missingCount: 0,
      durationMs: songs.reduce(0) { $0 + ($1.durationMs ?? 0) }, sourcePath: nil, modifiedAt: now)
  }

  /// The current queue of the player (or any list of songs) as a new playlist, or replacing one.
  @discardableResult
  public func save(name: String, songs: [Song], replacing: Bool = false) throws -> PlaylistSummary {
    let now = clock.now()
    return try tables.write { db in
      if replacing, let existing = try PlaylistTables.find(db, name: name) {
        if existing.smartQuery != nil { throw PlaylistError.smartPlaylist(name: existing.name) }
        try PlaylistTables.replace(db, playlistID: existing.id, with: songs.map(ItemValues.init(song:)))
        try PlaylistTables.touch(db, playlistID: existing.id, now: now)
      } else {
        let id = try PlaylistTables.insertPlaylist(db, name: name, now: now)
        try PlaylistTables.append(db, songs.map(ItemValues.init(song:)), playlistID: id)
      }
      let row = try PlaylistTables.require(db, name: name)
      return PlaylistTables.summary(row, entries: try PlaylistTables.entries(db, playlistID: row.id))
    }
  }

  // MARK: Editing entries

  /// Inserts `songs` before position `at` (1...count+1; nil appends). `unique` skips songs already in
  /// the playlist (and repeats within `songs`). Returns how many were added.
  @discardableResult
  public func add(name: String, songs: [Song], at position: Int? = nil, unique: Bool = false) throws -> Int {
    let now = clock.now()
    return try tables.write { db in
      let playlist = try PlaylistTables.requireEditable(db, name: name)
      var items = try PlaylistTables.items(db, playlistID: playlist.id)
      var adding = songs.map(ItemValues.init(song:))
      if unique {
        var present = Set(items.compactMap(\.songID))
        adding = adding.filter { item in item.songID.map { present.insert($0).inserted } ?? true }
      }
      if let position {
        guard (1...items.count + 1).contains(position) else {
          throw PlaylistError.positionOutOfRange(playlist: playlist.name, position: position, upper: items.count + 1)
        }
        items.insert(contentsOf: adding, at: position - 1)
        try PlaylistTables.replace(db, playlistID: playlist.id, with: items)
      } else {
        try PlaylistTables.append(db, adding, playlistID: playlist.id)
      }
      if !adding.isEmpty { try PlaylistTables.touch(db, playlistID: playlist.id, now: now) }
      return adding.count
    }
  }

  /// Removes the entries at the given positions and ranges (all checked before anything is removed).
  @discardableResult
  public func remove(name: String, positions ranges: [PositionRange]) throws -> Int {
    try remove(name: name, positions: ranges, query: nil)
  }

  /// Removes every entry whose song the query returns; a query that finds none is refused.
  @discardableResult
  public func remove(name: String, query text: String) throws -> Int {
    try remove(name: name, positions: [], query: text)
  }

  /// Removes positions and ranges and, with `query`, every entry whose song it returns, as one change:
  /// positions count from before anything goes, and a bad position or a query that finds no entry
  /// (no song at all, or none in this playlist) refuses the whole change. Returns how many went.
  @discardableResult
  public func remove(name: String, positions ranges: [PositionRange], query text: String?) throws -> Int {
    var querySongs: Set<Int64>?
    if let text {
      // Check the playlist first, so a mistyped name is reported before the query runs.
      _ = try tables.read { db in try PlaylistTables.requireEditable(db, name: name) }
      let found = try songs(matching: text)
      if found.isEmpty { throw PlaylistError.noSongs(query: text) }
      querySongs = Set(found.compactMap(\.id))
    }
    let now = clock.now()
    return try tables.write { db in
      let playlist = try PlaylistTables.requireEditable(db, name: name)
      let items = try PlaylistTables.items(db, playlistID: playlist.id)
      var doomed = Set<Int>()
      for range in ranges {
        let upper = range.upper ?? items.count
        try PlaylistTables.check(range.lower, count: items.count, playlist: playlist.name)
        try PlaylistTables.check(upper, count: items.count, playlist: playlist.name)
        if range.lower <= upper { doomed.formUnion(range.lower...upper) }
      }
      if let querySongs, let text {
        let found = items.indices.filter { items[$0].songID.map(querySongs.contains) ?? false }
        if found.isEmpty { throw PlaylistError.noEntries(playlist: playlist.name, query: text) }
        doomed.formUnion(found.map { $0 + 1 })
      }
      guard !doomed.isEmpty else { return 0 }
      let kept = items.enumerated().filter { !doomed.contains($0.offset + 1) }.map(\.element)
      try PlaylistTables.replace(db, playlistID: playlist.id, with: kept)
      try PlaylistTables.touch(db, playlistID: playlist.id, now: now)
      return items.count - kept.count
    }
  }

  /// Empties the playlist (MPD's `playlistclear`); an empty one stays empty.
  public func clear(name: String) throws {
    let now = clock.now()
    try tables.write { db in
      let playlist = try PlaylistTables.requireEditable(db, name: name)
      try db.execute(sql: "DELETE FROM playlistItem WHERE playlistId = ?", arguments: [playlist.id])
      try PlaylistTables.touch(db, playlistID: playlist.id, now: now)
    }
  }

  /// Moves the entry at `from` so that it ends up at position `to`.
  public func move(name: String, from: Int, to: Int) throws {
    let now = clock.now()
    try tables.write { db in
      let playlist = try PlaylistTables.requireEditable(db, name: name)
      var items = try PlaylistTables.items(db, playlistID: playlist.id)
      try PlaylistTables.check(from, count: items.count, playlist: playlist.name)
      try PlaylistTables.check(to, count: items.count, playlist: playlist.name)
      guard from != to else { return }
      let item = items.remove(at: from - 1)
      items.insert(item, at: to - 1)
      try PlaylistTables.replace(db, playlistID: playlist.id, with: items)
      try PlaylistTables.touch(db, playlistID: playlist.id, now: now)
    }
  }

  /// Orders the entries by the keys, first key first; ties keep their order. Missing entries sort by
  /// their stored names; unknown values (no year, no track, never played) go last either way.
  public func sort(name: String, by keys: [PlaylistSortKey]) throws {
    let now = clock.now()
    try tables.write { db in
      let playlist = try PlaylistTables.requireEditable(db, name: name)
      let items = try PlaylistTables.items(db, playlistID: playlist.id)
      let ids = items.compactMap(\.songID)
      var songs: [Int64: Song] = [:]
      for song in try Song.fetchAll(db, keys: ids) { if let id = song.id { songs[id] = song } }
      let addedAt = keys.contains { $0.field == .added } ? try Song.addedAt(db, ids: ids) : [:]
      let sorted = PlaylistSorting.sorted(items, by: keys, songs: songs, addedAt: addedAt)
      try PlaylistTables.replace(db, playlistID: playlist.id, with: sorted)
      try PlaylistTables.touch(db, playlistID: playlist.id, now: now)
    }
  }

  /// Keeps the first entry of each song (missing entries: of each path). Returns how many went.
  @discardableResult
  public func dedupe(name: String) throws -> Int {
    let now = clock.now()
    return try tables.write { db in
      let playlist = try PlaylistTables.requireEditable(db, name: name)
      let items = try PlaylistTables.items(db, playlistID: playlist.id)
      var seen = Set<String>()
      let kept = items.filter { item in
        let key = item.songID.map { "song:\($0)" } ?? "path:\(item.path)\u{1F}\(item.artist ?? "")\u{1F}\(item.title ?? "")"
        return seen.insert(key).inserted
      }
      if kept.count != items.count {
        try PlaylistTables.replace(db, playlistID: playlist.id, with: kept)
        try PlaylistTables.touch(db, playlistID: playlist.id, now: now)
      }
      return items.count - kept.count
    }
  }

  // MARK: Whole playlists

  public func rename(_ old: String, to new: String) throws {
    let now = clock.now()
    try tables.write { db in
      let playlist = try PlaylistTables.require(db, name: old)
      try PlaylistTables.checkNewName(db, new, except: playlist.id)
      // A rename is not an edit of the entries: a file-backed playlist in step with its file stays so.
      let inStep = !playlist.editedSinceSync
      try db.execute(
        sql: "UPDATE playlist SET name = ?, modifiedAt = ?, syncedAt = CASE WHEN ? THEN ? ELSE syncedAt END WHERE id = ?",
        arguments: [new, DatabaseTimestamp.text(now), inStep, DatabaseTimestamp.text(now), playlist.id])
    }
  }

  public func delete(name: String) throws {
    try tables.write { db in
      let playlist = try PlaylistTables.require(db, name: name)
      try db.execute(sql: "DELETE FROM playlist WHERE id = ?", arguments: [playlist.id])
    }
  }

  // MARK: Reading

  /// The playlist's entries; a smart playlist's are its query's songs now (PlaylistSongs).
  public func show(name: String) throws -> PlaylistContents {
    let (row, stored) = try tables.read { db -> (PlaylistRow, [PlaylistEntry]) in
      let row = try PlaylistTables.require(db, name: name)
      return (row, row.smartQuery == nil ? try PlaylistTables.entries(db, playlistID: row.id) : [])
    }
    let entries = row.smartQuery == nil ? stored : PlaylistTables.entries(songs: try songs(playlist: row.name))
    return PlaylistContents(summary: PlaylistTables.summary(row, entries: entries), entries: entries)
  }

  /// The playlist's songs in order, missing entries included as what they kept (PlaylistSongs); an
  /// unknown name is an error naming the closest ones.
  public func songs(playlist name: String) throws -> [Song] {
    guard let songs = try PlaylistSongs.songs(named: name, library: library, query: Self.reportingFailures(of: query)) else {
      _ = try tables.read { db in try PlaylistTables.require(db, name: name) }
      return []
    }
    return songs
  }

  /// The songs to play, in order: the playlist's songs that are in the library (missing entries skipped).
  public func playableSongs(name: String) throws -> [Song] {
    try songs(playlist: name).filter { $0.id != nil }
  }

  /// How many playlists there are (smart ones included), none of them read.
  public static func count(library: Library) throws -> Int {
    try library.database(for: .playlists).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM playlist") ?? 0 }
  }

  /// Every playlist by name, counted in SQL (no whole entry or song is loaded). A smart playlist whose query fails
  /// is listed with no songs.
  public func list() throws -> [PlaylistSummary] {
    let rows = try tables.read { db -> [(PlaylistRow, PlaylistSummary)] in
      // Entries without a song count their own duration here; those with one, their song's (the entry's
      // when the song has none), added from the song lookups below.
      let playlists = try Row.fetchAll(
        db,
        sql: """
          SELECT p.*, COUNT(i.id) AS entryCount, COUNT(i.id) - COUNT(i.songId) AS missingCount,
                 COALESCE(SUM(CASE WHEN i.songId IS NULL THEN i.durationMs END), 0) AS missingMs
          FROM playlist p LEFT JOIN playlistItem i ON i.playlistId = p.id
          GROUP BY p.id ORDER BY p.name
          """)
      let linked = try Row.fetchAll(db, sql: "SELECT playlistId, songId, durationMs FROM playlistItem WHERE songId IS NOT NULL")
      let songMs = try Song.durationsMs(db, ids: Array(Set(linked.map { $0["songId"] as Int64 })))
      var linkedMs: [Int64: Int] = [:]
      for item in linked {
        linkedMs[item["playlistId"], default: 0] += songMs[item["songId"]] ?? item["durationMs"] ?? 0
      }
      return playlists.map { row in
        let playlist = PlaylistRow(row: row)
        return (
          playlist,
          PlaylistSummary(
            name: playlist.name, smartQuery: playlist.smartQuery, songCount: row["entryCount"],
            missingCount: row["missingCount"], durationMs: row["missingMs"] + (linkedMs[playlist.id] ?? 0),
            sourcePath: playlist.sourcePath, modifiedAt: playlist.modifiedAt)
        )
      }
    }
    return rows.map { row, summary in
      guard let query = row.smartQuery else { return summary }
      return PlaylistTables.summary(row, entries: PlaylistTables.entries(songs: (try? songs(matching: query)) ?? []))
    }
  }

  // MARK: Files

  /// Imports a playlist file as a new playlist (named `name`, else after the file). The file is parsed
  /// before anything is written: a file that does not parse creates nothing. A relative entry is looked
  /// for in the file's folder, then in each of `baseFolders` (nil: the library's music folder, as an
  /// MPD playlist's entries are relative to it).
  public func importFile(
    path: String, name: String? = nil, format: PlaylistFormat? = nil, baseFolders: [String]? = nil
  ) throws -> ImportReport {
    let bases = try baseFolders ?? PlaylistBaseFolders.musicFolder(library).map { [$0] } ?? []
    let documents = try PlaylistCodec.read(path: path, format: format, baseFolders: bases)
    let playlistName = name ?? PlaylistFileSync.playlistName(forFile: path)
    let now = clock.now()
    return try tables.write { db in
      let id = try PlaylistTables.insertPlaylist(db, name: playlistName, now: now)
      let unmatched = try PlaylistImport.fill(db, playlistID: id, from: documents)
      return ImportReport(name: playlistName, entryCount: documents[0].entries.count, unmatched: unmatched)
    }
  }

  /// The playlist as a document (a smart playlist: its songs now), titled with its name.
  public func document(name: String) throws -> PlaylistDocument {
    let contents = try show(name: name)
    return PlaylistDocument(
      title: contents.summary.name,
      entries: contents.entries.map { entry in
        PlaylistFileEntry(
          location: entry.path.isEmpty ? nil : entry.path, title: entry.title, artist: entry.artist,
          album: entry.album, durationMs: entry.durationMs, recordingMbid: entry.recordingMbid)
      })
  }

  /// The playlist written in `format`; `relativeTo` (a folder) makes M3U/XSPF paths relative to it.
  public func export(name: String, format: PlaylistFormat, relativeTo folder: String? = nil) throws -> Data {
    PlaylistCodec.write(try document(name: name), format: format, relativeTo: folder)
  }

  /// Re-links missing entries of every playlist whose song is back. Returns how many.
  @discardableResult
  public func relinkMissing() throws -> Int {
    try tables.write { db in try SongMatcher.relinkMissing(db) }
  }
}

/// Filling a playlist from a parsed file: matched entries point at their song, the others are kept missing.
enum PlaylistImport {
  static func fill(_ db: Database, playlistID: Int64, from document: PlaylistDocument) throws -> [UnmatchedEntry] {
    try fill(db, playlistID: playlistID, from: [document])
  }

  /// `documents`: one file read with relative paths resolved against several folders; an entry takes
  /// the first reading that matches a song, and stays missing as the first reading has it.
  static func fill(_ db: Database, playlistID: Int64, from documents: [PlaylistDocument]) throws -> [UnmatchedEntry] {
    var matcher = SongMatcher(db)
    var items: [ItemValues] = []
    var unmatched: [UnmatchedEntry] = []
    for (index, entry) in documents[0].entries.enumerated() {
      var found: ItemValues?
      for document in documents where found == nil { found = try matcher.match(document.entries[index]) }
      if let song = found {
        items.append(song)
      } else {
        items.append(ItemValues(missing: entry))
        unmatched.append(UnmatchedEntry(position: index + 1, entry: entry))
      }
    }
    try PlaylistTables.replace(db, playlistID: playlistID, with: items)
    return unmatched
  }
}
