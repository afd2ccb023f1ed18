// The albums a browser's columns need at once (the full-screen UI's library view, its first screen):
// each album of the album table with a song present, by album artist and title, read from the album
// table alone. `albums(matching:)` groups every song to count and time each album and to order them by
// the songs' sort tags: ~80 ms at 100k songs in 5000 albums, most of a first frame. The album table
// answers the names with one index probe per album (~6 ms), ordered by the names themselves, as MPD's
// `list albumartist` orders them.
import GRDB

public struct AlbumName: Sendable, Equatable {
  public var albumArtist: String
  public var title: String
}

extension Library {
  /// Albums having a song present, by album artist, year and title (names compared without regard to case).
  public func albumNames() throws -> [AlbumName] {
    try pool.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT album.albumArtistName, album.title FROM album
          WHERE EXISTS (SELECT 1 FROM song WHERE song.albumId = album.id AND \(Song.present))
          ORDER BY album.albumArtistName COLLATE NOCASE, album.year, album.title COLLATE NOCASE
          """
      ).map { AlbumName(albumArtist: $0[0], title: $0[1]) }
    }
  }
}
