// A song as every other module sees it: one row of the `song` table with its denormalised names.
import Foundation

public struct Song: Codable, Sendable, Hashable, Identifiable {
  public var id: Int64?
  /// Absolute path of the MP3 file; unique in the library.
  public var path: String
  public var title: String
  /// The song's credit: the artist tag as written ("Zoë Marlowe feat. Kenji Tanaka"; several values joined
  /// with "; "), or the catalogue's artist, fixed at index time. Every view of the song shows this one
  /// string (the player's line, status, queue, MPD's `Artist`, listens, info); the separate names
  /// (ARTISTS) are the stored tags' `artists`, for searching, listing and MusicBrainz ids.
  public var artist: String
  public var album: String
  public var albumArtist: String
  public var trackNumber: Int?
  public var trackTotal: Int?
  public var discNumber: Int?
  public var discTotal: Int?
  public var year: Int?
  public var genre: String?
  public var durationMs: Int?
  public var recordingMbid: String?
  public var releaseMbid: String?
  /// Artist MusicBrainz ids, in tag order.
  public var artistMbids: [String]
  public var playCount: Int
  public var lastPlayedAt: Date?
  /// The file's modification time when it was last indexed (MPD's Last-Modified); nil when unknown.
  /// Read from the row's `fileMtime`, which only the indexer writes: not among the coded fields, so
  /// saving a Song never touches it.
  public var fileModifiedAt: Date? = nil
  /// The display names above that no tag or catalogue gave (read from the row's `derivedFields`, which
  /// only the indexer writes; not coded either).
  public var derivedNames: DerivedNames = []

  /// The names as known, nil where the display name is a fallback or empty: what `--json` prints.
  public var knownTitle: String? { derivedNames.contains(.title) || title.isEmpty ? nil : title }
  public var knownArtist: String? { artist.isEmpty ? nil : artist }
  public var knownAlbum: String? { album.isEmpty ? nil : album }
  public var knownAlbumArtist: String? {
    derivedNames.contains(.albumArtist) || albumArtist.isEmpty ? nil : albumArtist
  }
  public var knownGenre: String? { genre?.isEmpty == false ? genre : nil }

  /// The fields a Song is encoded with (and saved as columns of the same names).
  enum CodingKeys: String, CodingKey {
    case id, path, title, artist, album, albumArtist, trackNumber, trackTotal, discNumber, discTotal, year, genre
    case durationMs, recordingMbid, releaseMbid, artistMbids, playCount, lastPlayedAt
  }

  /// Every field: what a row is decoded with, in one step (setting the totals after the public
  /// initializer copied the whole Song, retaining each of its strings).
  init(
    id: Int64?, path: String, title: String, artist: String, album: String, albumArtist: String,
    trackNumber: Int?, trackTotal: Int?, discNumber: Int?, discTotal: Int?, year: Int?, genre: String?,
    durationMs: Int?, recordingMbid: String?, releaseMbid: String?, artistMbids: [String], playCount: Int,
    lastPlayedAt: Date?, fileModifiedAt: Date? = nil, derivedNames: DerivedNames = []
  ) {
    self.id = id
    self.path = path
    self.title = title
    self.artist = artist
    self.album = album
    self.albumArtist = albumArtist
    self.trackNumber = trackNumber
    self.trackTotal = trackTotal
    self.discNumber = discNumber
    self.discTotal = discTotal
    self.year = year
    self.genre = genre
    self.durationMs = durationMs
    self.recordingMbid = recordingMbid
    self.releaseMbid = releaseMbid
    self.artistMbids = artistMbids
    self.playCount = playCount
    self.lastPlayedAt = lastPlayedAt
    self.fileModifiedAt = fileModifiedAt
    self.derivedNames = derivedNames
  }

  /// The initializer other modules (and their tests) use; keep it stable.
  public init(
    id: Int64? = nil, path: String, title: String, artist: String, album: String = "",
    albumArtist: String? = nil, trackNumber: Int? = nil, discNumber: Int? = nil, year: Int? = nil,
    genre: String? = nil, durationMs: Int? = nil, recordingMbid: String? = nil, releaseMbid: String? = nil,
    artistMbids: [String] = [], playCount: Int = 0, lastPlayedAt: Date? = nil
  ) {
    self.init(
      id: id, path: path, title: title, artist: artist, album: album, albumArtist: albumArtist ?? artist,
      trackNumber: trackNumber, trackTotal: nil, discNumber: discNumber, discTotal: nil, year: year, genre: genre,
      durationMs: durationMs, recordingMbid: recordingMbid, releaseMbid: releaseMbid, artistMbids: artistMbids,
      playCount: playCount, lastPlayedAt: lastPlayedAt)
  }
}
