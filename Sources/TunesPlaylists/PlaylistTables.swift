// SQL over the playlist and playlistItem tables, inside a caller's transaction. Every function here
// takes the open Database; PlaylistStore and PlaylistFileSync own the transactions.
import Foundation
import GRDB
import TunesLibrary

/// A row of `playlist`.
struct PlaylistRow {
  var id: Int64
  var name: String
  var smartQuery: String?
  var sourcePath: String?
  var sourceMtime: Double?
  /// `PlaylistFileSync.digest` of the file's bytes when last brought in step with it.
  var sourceHash: String?
  var modifiedAt: Date
  var syncedAt: Date?

  init(row: Row) {
    id = row["id"]
    name = row["name"]
    smartQuery = row["smartQuery"]
    sourcePath = row["sourcePath"]
    sourceMtime = row["sourceMtime"]
    sourceHash = row["sourceHash"]
    modifiedAt = row["modifiedAt"]
    syncedAt = row["syncedAt"]
  }

  /// Edited in tunes since it was last brought in step with its file.
  var editedSinceSync: Bool { syncedAt.map { modifiedAt > $0 } ?? true }
}

/// What one entry stores: the song it points at (if any) and what identifies that song without it.
struct ItemValues: Hashable {
  var id: Int64?
  var songID: Int64?
  var path: String
  var title: String?
  var artist: String?
  var album: String?
  var durationMs: Int?
  var recordingMbid: String?

  init(song: Song) {
    songID = song.id
    path = song.path
    title = song.title
    artist = song.artist
    album = song.album.isEmpty ? nil : song.album
    durationMs = song.durationMs
    recordingMbid = song.recordingMbid
  }

  /// What an entry keeps of the song a lookup found.
  init(song: SongReference) {
    songID = song.id
    path = song.path
    title = song.title
    artist = song.artist
    album = song.album
    durationMs = song.durationMs
    recordingMbid = song.recordingMbid
  }

  init(missing entry: PlaylistFileEntry) {
    path = entry.location ?? ""
    title = entry.title
    artist = entry.artist
    album = entry.album
    durationMs = entry.durationMs
    recordingMbid = entry.recordingMbid
  }

  init(row: Row) {
    id = row["id"]
    songID = row["songId"]
    path = row["path"]
    title = row["title"]
    artist = row["artist"]
    album = row["album"]
    durationMs = row["durationMs"]
    recordingMbid = row["recordingMbid"]
  }
}

enum PlaylistTables {
  static func find(_ db: Database, name: String) throws -> PlaylistRow? {
    try Row.fetchOne(db, sql: "SELECT * FROM playlist WHERE name = ?", arguments: [name]).map(PlaylistRow.init)
  }

  /// The playlist, or an error naming the closest existing names.
  static func require(_ db: Database, name: String) throws -> PlaylistRow {
    if let row = try find(db, name: name) { return row }
    let names = try String.fetchAll(db, sql: "SELECT name FROM playlist ORDER BY name")
    throw PlaylistError.unknownPlaylist(name: name, closest: PlaylistName.closest(to: name, among: names))
  }

  static func requireEditable(_ db: Database, name: String) throws -> PlaylistRow {
    let row = try require(db, name: name)
    if row.smartQuery != nil { throw PlaylistError.smartPlaylist(name: row.name) }
    return row
  }

  static func checkNewName(_ db: Database, _ name: String, except id: Int64? = nil) throws {
    try PlaylistName.validate(name)
    if let existing = try find(db, name: name), existing.id != id { throw PlaylistError.nameExists(name: existing.name) }
  }

  @discardableResult
  static func insertPlaylist(
    _ db: Database, name: String, smartQuery: String? = nil, sourcePath: String? = nil, sourceMtime: Double? = nil,
    now: Date
  ) throws -> Int64 {
    try checkNewName(db, name)
    let stamp = DatabaseTimestamp.text(now)
    try db.execute(
      sql: """
        INSERT INTO playlist (name, smartQuery, sourcePath, sourceMtime, createdAt, modifiedAt, syncedAt)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [name, smartQuery, sourcePath, sourceMtime, stamp, stamp, sourcePath == nil ? nil : stamp])
    return db.lastInsertedRowID
  }

  static func items(_ db: Database, playlistID: Int64) throws -> [ItemValues] {
    try Row.fetchAll(db, sql: "SELECT * FROM playlistItem WHERE playlistId = ? ORDER BY position", arguments: [playlistID])
      .map(ItemValues.init)
  }

  static func touch(_ db: Database, playlistID: Int64, now: Date) throws {
    try db.execute(sql: "UPDATE playlist SET modifiedAt = ? WHERE id = ?", arguments: [DatabaseTimestamp.text(now), playlistID])
  }

  private static func insert(_ db: Database, _ item: ItemValues, playlistID: Int64, position: Int) throws {
    let statement = try db.cachedStatement(
      sql: """
        INSERT INTO playlistItem (playlistId, position, songId, path, title, artist, album, durationMs, recordingMbid)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    try statement.execute(
      arguments: [
        playlistID, position, item.songID, item.path, item.title, item.artist, item.album, item.durationMs,
        item.recordingMbid,
      ])
  }

  /// Appends without renumbering (the common case, cheap on long playlists).
  static func append(_ db: Database, _ items: [ItemValues], playlistID: Int64) throws {
    var position =
      try Int.fetchOne(
        db, sql: "SELECT COALESCE(MAX(position), 0) FROM playlistItem WHERE playlistId = ?", arguments: [playlistID]) ?? 0
    for item in items {
      position += 1
      try insert(db, item, playlistID: playlistID, position: position)
    }
  }

  /// Makes the playlist hold exactly `items`, in order: rows with an id keep it (and are renumbered),
  /// rows without are inserted, rows not listed are deleted. Positions become 1...n.
  static func replace(_ db: Database, playlistID: Int64, with items: [ItemValues]) throws {
    // Negative positions first, so renumbering never collides with UNIQUE(playlistId, position).
    try db.execute(sql: "UPDATE playlistItem SET position = -position WHERE playlistId = ?", arguments: [playlistID])
    let kept = Set(items.compactMap(\.id))
    let existing = try Int64.fetchAll(db, sql: "SELECT id FROM playlistItem WHERE playlistId = ?", arguments: [playlistID])
    let delete = try db.cachedStatement(sql: "DELETE FROM playlistItem WHERE id = ?")
    for id in existing where !kept.contains(id) { try delete.execute(arguments: [id]) }
    let renumber = try db.cachedStatement(sql: "UPDATE playlistItem SET position = ? WHERE id = ?")
    for (index, item) in items.enumerated() {
      if let id = item.id {
        try renumber.execute(arguments: [index + 1, id])
      } else {
        try insert(db, item, playlistID: playlistID, position: index + 1)
      }
    }
  }

  /// Entries with the song's current names where the song is known, the stored ones where it is missing.
  static func entries(_ db: Database, playlistID: Int64) throws -> [PlaylistEntry] {
    try entriesWithSongs(db, playlistID: playlistID).map(\.entry)
  }

  /// The entries in order, each with its library song (nil where it is missing).
  static func entriesWithSongs(_ db: Database, playlistID: Int64) throws -> [(entry: PlaylistEntry, song: Song?)] {
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT position, songId, path, title, artist, album, durationMs, recordingMbid
        FROM playlistItem WHERE playlistId = ? ORDER BY position
        """, arguments: [playlistID])
    let songs = try Song.fetchSelected(db, ids: rows.compactMap { $0["songId"] as Int64? })
    let byID = Dictionary(songs.compactMap { song in song.id.map { ($0, song) } }, uniquingKeysWith: { a, _ in a })
    return rows.map { row in
      // The song's value where it has one, the entry's where it has none (or the song is gone).
      let song = (row["songId"] as Int64?).flatMap { byID[$0] }
      let entry = PlaylistEntry(
        position: row["position"], songID: song?.id, path: song?.path ?? row["path"],
        title: song?.title ?? row["title"], artist: song?.artist ?? row["artist"],
        album: song.flatMap { $0.album.isEmpty ? nil : $0.album } ?? row["album"],
        durationMs: song?.durationMs ?? row["durationMs"], recordingMbid: song?.recordingMbid ?? row["recordingMbid"])
      return (entry, song)
    }
  }

  static func entries(songs: [Song]) -> [PlaylistEntry] {
    songs.enumerated().map { index, song in
      PlaylistEntry(
        position: index + 1, songID: song.id, path: song.path, title: song.title, artist: song.artist,
        album: song.album.isEmpty ? nil : song.album, durationMs: song.durationMs, recordingMbid: song.recordingMbid)
    }
  }

  static func summary(_ row: PlaylistRow, entries: [PlaylistEntry]) -> PlaylistSummary {
    PlaylistSummary(
      name: row.name, smartQuery: row.smartQuery, songCount: entries.count,
      missingCount: entries.filter(\.isMissing).count, durationMs: entries.reduce(0) { $0 + ($1.durationMs ?? 0) },
      sourcePath: row.sourcePath, modifiedAt: row.modifiedAt)
  }

  /// Checks 1-based positions against `1...count`.
  static func check(_ position: Int, count: Int, playlist: String) throws {
    guard (1...max(count, 1)).contains(position), count > 0 else {
      throw PlaylistError.positionOutOfRange(playlist: playlist, position: position, upper: count)
    }
  }
}
