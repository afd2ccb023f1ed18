// Reading a song's stored tags back as the TagSet the readers filled, and its audio properties: what
// `tunes info`, `--json` listings, the MPD server and the listen payload show. The catalogue's names are
// already in place (SongValues.stored); fallbacks the display columns hold (a title from the file name,
// the artist as album artist) are left out: a reader gets nil for what no tag and no catalogue said.
import Foundation
import GRDB
import TunesTags

/// The audio stream and file facts the index keeps for a song.
public struct SongAudio: Sendable, Equatable {
  public var codec: String?
  /// Average bitrate in kbit/s.
  public var bitrate: Int?
  public var sampleRate: Int?
  public var bitsPerSample: Int?
  public var channels: Int?
  public var durationMs: Int?
  public var fileSize: Int64?
  public var modifiedAt: Date?
  public var addedAt: Date?
  public var lastPlayedAt: Date?
}

extension Library {
  /// The stored tags of `ids` (ids not in the library are left out), in two queries whatever their number.
  public func tags(forSongs ids: [Int64]) throws -> [Int64: TagSet] {
    try pool.read { db in try Library.tags(db, forSongs: ids) }
  }

  /// The same inside the caller's transaction.
  public static func tags(_ db: Database, forSongs ids: [Int64]) throws -> [Int64: TagSet] {
    guard !ids.isEmpty else { return [:] }
    let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
    var found: [Int64: TagSet] = [:]
    let rows = try Row.fetchCursor(
      db, sql: "SELECT * FROM song WHERE id IN (SELECT value FROM json_each(?))", arguments: [list])
    // Rows written without their tag values (`Song.insert`, a catalogue's names) keep a genre only in
    // the `genre` column: it stands for the list when the song has no genre values of its own.
    var genreColumn: [Int64: String] = [:]
    while let row = try rows.next() {
      found[row["id"]] = tagSet(row)
      if let genre: String = row["genre"], !genre.isEmpty { genreColumn[row["id"]] = genre }
    }
    let values = try Row.fetchCursor(
      db,
      sql: """
        SELECT songId, name, value FROM songTag WHERE songId IN (SELECT value FROM json_each(?))
        ORDER BY songId, name, position
        """, arguments: [list])
    while let row = try values.next() {
      let id: Int64 = row[0]
      guard found[id] != nil else { continue }
      let value: String = row[2]
      let name: String = row[1]
      switch name {
      case "artist": found[id]!.artists.append(value)
      case "albumartist": found[id]!.albumArtists.append(value)
      case "genre": found[id]!.genres.append(value)
      case "composer": found[id]!.composers.append(value)
      case "performer": found[id]!.performers.append(value)
      case "conductor": found[id]!.conductors.append(value)
      case "lyricist": found[id]!.lyricists.append(value)
      case "label": found[id]!.labels.append(value)
      case "mb_artistid": found[id]!.artistMbids.append(value)
      case "mb_albumartistid": found[id]!.albumArtistMbids.append(value)
      case "mb_workid": found[id]!.workMbids.append(value)
      default: break
      }
    }
    for (id, genre) in genreColumn where found[id]?.genres.isEmpty == true { found[id]!.genres = [genre] }
    return found
  }

  /// The audio properties of `ids`, in one query.
  public func audio(forSongs ids: [Int64]) throws -> [Int64: SongAudio] {
    guard !ids.isEmpty else { return [:] }
    let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
    return try pool.read { db in
      var found: [Int64: SongAudio] = [:]
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT id, codec, bitrate, sampleRate, bitsPerSample, channels, durationMs, fileSize, fileMtime, addedAt,
            lastPlayedAt FROM song WHERE id IN (SELECT value FROM json_each(?))
          """, arguments: [list])
      while let row = try rows.next() {
        found[row[0]] = SongAudio(
          codec: row[1], bitrate: row[2], sampleRate: row[3], bitsPerSample: row[4], channels: row[5], durationMs: row[6],
          fileSize: row[7], modifiedAt: (row[8] as Double?).map { Date(timeIntervalSince1970: $0) },
          addedAt: DatabaseTimestamp.date(row[9] as DatabaseValue), lastPlayedAt: DatabaseTimestamp.date(row[10] as DatabaseValue)
        )
      }
      return found
    }
  }

  /// One song row's single-valued tags.
  static func tagSet(_ row: Row) -> TagSet {
    var tags = TagSet()
    let derived: Int = row["derivedFields"] ?? 0
    func text(_ column: String) -> String? {
      guard let value: String = row[column], !value.isEmpty else { return nil }
      return value
    }
    tags.title = derived & TagSchema.titleFromFileName != 0 ? nil : text("title")
    tags.artist = text("artist")
    tags.album = text("album")
    tags.albumArtist = derived & TagSchema.albumArtistFromArtist != 0 ? nil : text("albumArtist")
    tags.titleSort = text("titleSort")
    tags.artistSort = text("artistSort")
    tags.albumSort = text("albumSort")
    tags.albumArtistSort = text("albumArtistSort")
    tags.composerSort = text("composerSort")
    tags.ensemble = text("ensemble")
    tags.work = text("work")
    tags.movement = text("movement")
    tags.movementNumber = row["movementNumber"]
    tags.movementTotal = row["movementTotal"]
    // A row with a year and no date (written by `Song.insert`, or a catalogue's year) has that year as its date.
    tags.date = text("date") ?? (row["year"] as Int?).map { String($0) }
    tags.originalDate = text("originalDate")
    tags.trackNumber = row["trackNumber"]
    tags.trackTotal = row["trackTotal"]
    tags.discNumber = row["discNumber"]
    tags.discTotal = row["discTotal"]
    tags.discSubtitle = text("discSubtitle")
    tags.grouping = text("grouping")
    tags.catalogNumber = text("catalogNumber")
    tags.barcode = text("barcode")
    tags.isrc = text("isrc")
    tags.comment = text("comment")
    tags.lyrics = text("lyrics")
    tags.isCompilation = row["isCompilation"] ?? false
    tags.bpm = row["bpm"]
    tags.recordingMbid = text("recordingMbid")
    tags.releaseTrackMbid = text("releaseTrackMbid")
    tags.releaseMbid = text("releaseMbid")
    tags.releaseGroupMbid = text("releaseGroupMbid")
    if let spellings = text("mbidSpellings"),
      let object = try? JSONDecoder().decode([String: [String]].self, from: Data(spellings.utf8))
    {
      for (name, values) in object { if let field = MBIDField(rawValue: name) { tags.mbidsAsWritten[field] = values } }
    }
    tags.replayGain = ReplayGainTags(
      trackGain: row["trackGain"], trackPeak: row["trackPeak"], albumGain: row["albumGain"], albumPeak: row["albumPeak"])
    tags.mixRampStart = text("mixRampStart")
    tags.mixRampEnd = text("mixRampEnd")
    tags.versions = text("tagVersions")?.components(separatedBy: ", ") ?? []
    return tags
  }
}
