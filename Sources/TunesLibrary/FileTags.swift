// The values a song's file itself gives for the fields a catalogue (library.json) may replace: title,
// artist, album, album artist, track, disc, date, genres and recording id, exactly as read. The library
// shows the catalogue's values everywhere (listings, `info`, the MPD server, queries); these are for
// the reader that wants to know what the file said underneath.
import Foundation
import GRDB

public struct FileTags: Sendable, Equatable {
  public var title: String?
  public var artist: String?
  public var album: String?
  public var albumArtist: String?
  public var trackNumber: Int?
  public var discNumber: Int?
  /// As tagged, at its precision ("1999", "1999-03-12").
  public var date: String?
  /// The genres in tag order.
  public var genres: [String]
  public var recordingMbid: String?

  public init(
    title: String? = nil, artist: String? = nil, album: String? = nil, albumArtist: String? = nil, trackNumber: Int? = nil,
    discNumber: Int? = nil, date: String? = nil, genres: [String] = [], recordingMbid: String? = nil
  ) {
    self.title = title
    self.artist = artist
    self.album = album
    self.albumArtist = albumArtist
    self.trackNumber = trackNumber
    self.discNumber = discNumber
    self.date = date
    self.genres = genres
    self.recordingMbid = recordingMbid
  }
}

extension Library {
  /// The file's own values of `ids` (ids not in the library are left out), in one query. Rows indexed
  /// before the file's values were kept (and not re-read since) give nil for the fields they lack.
  public func fileTags(forSongs ids: [Int64]) throws -> [Int64: FileTags] {
    guard !ids.isEmpty else { return [:] }
    let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
    return try pool.read { db in
      var found: [Int64: FileTags] = [:]
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT id, tagTitle, tagArtist, tagAlbum, tagAlbumArtist, tagTrackNumber, tagDiscNumber, tagDate, tagGenre,
            tagRecordingMbid FROM song WHERE id IN (SELECT value FROM json_each(?))
          """, arguments: [list])
      while let row = try rows.next() {
        let genre: String? = row[8]
        found[row[0]] = FileTags(
          title: row[1], artist: row[2], album: row[3], albumArtist: row[4], trackNumber: row[5], discNumber: row[6],
          date: row[7], genres: genre?.components(separatedBy: "; ").filter { !$0.isEmpty } ?? [], recordingMbid: row[9])
      }
      return found
    }
  }
}
