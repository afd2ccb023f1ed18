// Reading the library through the query language: songs, artists and albums matching a query, and
// the figures of `tunes stats`.
import Foundation
import GRDB

public struct ArtistSummary: Sendable, Equatable, Codable {
  /// The artist table's id of the name; nil for a name only ever credited beside others.
  public var id: Int64?
  public var name: String
  public var songCount: Int
  public var albumCount: Int
}

public struct AlbumSummary: Sendable, Equatable, Codable {
  public var id: Int64
  public var title: String
  public var albumArtist: String
  public var year: Int?
  public var coverPath: String?
  public var songCount: Int
  public var durationMs: Int
}

public struct LibraryStats: Sendable, Equatable, Codable {
  public var songs: Int
  public var artists: Int
  public var albums: Int
  public var totalDurationMs: Int
  public var totalPlays: Int
  public var mostPlayed: [Song]
}

extension Library {
  /// Songs matching a query string (see Docs/Query.md); throws `LibraryError.badQuery`.
  public func songs(matching query: String) throws -> [Song] {
    try songs(matching: try LibraryQuery.parse(query))
  }

  public func songs(matching query: LibraryQuery) throws -> [Song] {
    try pool.read { db in try Library.songs(db, matching: query) }
  }

  /// The ids of the songs matching a query, in no particular order (with `limit:`, those of the first
  /// songs in its order): for callers that need the songs' ids alone (the songs `tunes loudness` measures,
  /// the benchmark's query alone without decoding). A query of words reads no song row at all.
  public func songIDs(matching query: LibraryQuery) throws -> [Int64] {
    let compiled = query.compiled()
    return try pool.read { db in
      try Int64.fetchAll(db.cachedStatement(sql: compiled.idsSQL), arguments: compiled.whereArguments)
    }
  }

  /// For callers inside their own transaction (smart playlists, the player).
  public static func songs(_ db: Database, matching query: LibraryQuery) throws -> [Song] {
    try songs(db, compiled: query.compiled())
  }

  private static func songs(_ db: Database, compiled: CompiledQuery) throws -> [Song] {
    var capacity = 0
    if compiled.sortsAfterDecoding, let fullText = compiled.fullText {
      let count = try db.cachedStatement(sql: "SELECT count(*) FROM song_ft WHERE song_ft MATCH ?")
      capacity = try Int.fetchOne(count, arguments: [fullText]) ?? 0
    }
    if compiled.sortsAfterDecoding {
      return try Song.fetchInDefaultOrder(db, sql: compiled.songsSQL, arguments: compiled.whereArguments, reserving: capacity)
    }
    return try Song.fetchSelected(db, sql: compiled.songsSQL, arguments: compiled.whereArguments, reserving: capacity)
  }

  /// The songs of a query packed as they are read (the play queue): no `[Song]` of the whole result.
  public func songBatch(matching query: LibraryQuery) throws -> SongBatch {
    let compiled = query.compiled()
    return try pool.read { db in
      // Songs sorted after decoding are all decoded first anyway.
      if compiled.sortsAfterDecoding { return SongBatch(try Library.songs(db, compiled: compiled)) }
      var batch = SongBatch()
      try Song.forEachSelected(db, sql: compiled.songsSQL, arguments: compiled.whereArguments) { batch.append($0) }
      return batch
    }
  }

  /// Artists having at least one song that matches, by sort name unless `sort:` says otherwise
  /// (ListingOrder.swift); throws `LibraryError.badQuery` for a sort key artists do not have. Each
  /// artist is one of the songs' separate names (`artists`: both names of a song credited "A feat. B"
  /// with ARTISTS A and B), not the credit; its id is the artist table's for that name, nil for a name
  /// that is never a whole credit (a guest).
  public func artists(matching query: LibraryQuery = LibraryQuery()) throws -> [ArtistSummary] {
    let compiled = query.compiled()
    let order = try query.artistOrderSQL()
    return try pool.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT min(artist.id), names.value, count(*), count(DISTINCT song.albumId) FROM song
          JOIN (\(Self.artistNames)) AS names ON names.songId = song.id
          LEFT JOIN artist ON artist.name = names.value
          WHERE \(compiled.whereSQL)
          GROUP BY names.value COLLATE NOCASE ORDER BY \(order)
          """ + (compiled.limit == nil ? "" : " LIMIT ?"),
        arguments: compiled.whereArguments
      ).map { ArtistSummary(id: $0[0], name: $0[1], songCount: $0[2], albumCount: $0[3]) }
    }
  }

  /// Each song's separate artist names (`songId`, `value`): its stored values of the artist tag, or for a
  /// song whose values are not stored one by one (`Song.insert`) its row's artist, as `tags(forSongs:)`
  /// reads such a song.
  static let artistNames = """
    SELECT songId, value FROM songTag WHERE name = 'artist' AND value <> ''
    UNION ALL SELECT id, artist FROM song WHERE artist <> ''
      AND NOT EXISTS (SELECT 1 FROM songTag WHERE songId = song.id AND name = 'artist')
    """

  /// Albums having at least one song that matches, by album artist, year and title unless `sort:` says
  /// otherwise (ListingOrder.swift); throws `LibraryError.badQuery` for a sort key albums do not have.
  public func albums(matching query: LibraryQuery = LibraryQuery()) throws -> [AlbumSummary] {
    let compiled = query.compiled()
    let order = try query.albumOrderSQL()
    return try pool.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT album.id, album.title, album.albumArtistName, album.year, album.coverPath, count(*),
            coalesce(sum(song.durationMs), 0)
          FROM song JOIN album ON album.id = song.albumId WHERE \(compiled.whereSQL)
          GROUP BY album.id ORDER BY \(order)
          """ + (compiled.limit == nil ? "" : " LIMIT ?"),
        arguments: compiled.whereArguments
      ).map {
        AlbumSummary(
          id: $0[0], title: $0[1], albumArtist: $0[2], year: $0[3], coverPath: $0[4], songCount: $0[5], durationMs: $0[6])
      }
    }
  }

  /// Artists and albums are counted as `artists(matching:)` and `albums(matching:)` list them: those of
  /// songs, each separate name once. The artist table also holds names that are only album artists
  /// ("Various Artists"), which `tunes ls artists` does not list.
  public func stats(mostPlayed count: Int = 10) throws -> LibraryStats {
    try pool.read { db in
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT count(*), (
              SELECT count(DISTINCT names.value COLLATE NOCASE) FROM (\(Self.artistNames)) AS names
              JOIN song ON song.id = names.songId WHERE \(Song.present)),
            count(DISTINCT albumId), coalesce(sum(durationMs), 0), coalesce(sum(playCount), 0)
          FROM song WHERE \(Song.present)
          """)!
      let top = try Song.fetchAll(
        db, sql: "SELECT * FROM song WHERE playCount > 0 AND \(Song.present) ORDER BY playCount DESC, lastPlayedAt DESC LIMIT ?",
        arguments: [count])
      return LibraryStats(
        songs: row[0], artists: row[1], albums: row[2], totalDurationMs: row[3], totalPlays: row[4],
        mostPlayed: top)
    }
  }
}
