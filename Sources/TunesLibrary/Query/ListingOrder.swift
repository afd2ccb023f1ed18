// The `sort:` keys of the artist and album listings and their SQL over each one's matching songs
// (grouped by artist or album); a key that means nothing for a listing is refused, not ignored.

extension LibraryQuery {
  /// Album keys: `album` (title), `artist` and `albumartist` (both the album artist), `year`, and over
  /// the album's matching songs (as its SONGS and TIME columns) `duration` (total), `playcount` (total),
  /// `lastplayed` (latest), `added` (first); `random`. Then album artist, year and title break ties.
  func albumOrderSQL() throws(LibraryError) -> String {
    let keys = try Self.orderSQL(sort, listing: "albums") { key in
      switch key {
      case .album: return ["\(Self.albumSortName) COLLATE NOCASE"]
      case .artist, .albumArtist: return ["\(Self.albumArtistSortName) COLLATE NOCASE"]
      case .year: return ["album.year"]
      case .duration: return ["sum(song.durationMs)"]
      case .playCount: return ["sum(song.playCount)"]
      case .lastPlayed: return ["max(song.lastPlayedAt)"]
      case .added: return Self.addedSQL
      case .random: return ["random()"]
      case .title: return nil  // a song's, not an album's: sort:album is the album's title
      }
    }
    return
      (keys + [
        "\(Self.albumArtistSortName) COLLATE NOCASE", "album.year", "\(Self.albumSortName) COLLATE NOCASE", "album.id",
      ]).joined(separator: ", ")
  }

  /// An album's album artist and title as listed: the sort names its matching songs carry (QuerySQL's
  /// sort keys), else the names.
  static let albumArtistSortName = "coalesce(max(\(albumArtistSortKey)), album.albumArtistName)"
  static let albumSortName = "coalesce(max(\(albumSortKey)), album.title)"

  /// An artist's name as listed: the artist sort name of a song credited to that name alone, else the
  /// album-artist sort name of an album credited so, else the name ("The Grey Weather" under G).
  static let artistSortName = """
    coalesce(max(CASE WHEN song.artist = names.value COLLATE NOCASE THEN song.artistSort END), \
    max(CASE WHEN song.albumArtist = names.value COLLATE NOCASE THEN song.albumArtistSort END), names.value)
    """

  /// Artist keys: `artist` (the sort name), and over the artist's matching songs `duration` (total), `playcount`
  /// (total), `lastplayed` (latest), `added` (first); `random`. Then the name breaks ties.
  func artistOrderSQL() throws(LibraryError) -> String {
    let keys = try Self.orderSQL(sort, listing: "artists") { key in
      switch key {
      case .artist: return ["\(Self.artistSortName) COLLATE NOCASE"]
      case .duration: return ["sum(song.durationMs)"]
      case .playCount: return ["sum(song.playCount)"]
      case .lastPlayed: return ["max(song.lastPlayedAt)"]
      case .added: return Self.addedSQL
      case .random: return ["random()"]
      case .title, .album, .albumArtist, .year: return nil
      }
    }
    return (keys + ["\(Self.artistSortName) COLLATE NOCASE", "names.value COLLATE NOCASE"]).joined(separator: ", ")
  }

  /// When the first of the songs was added: `addedAt` is in seconds, so the first song's id breaks ties
  /// (ids grow as songs are added), as `sort:added` does for songs.
  private static let addedSQL = ["min(song.addedAt)", "min(song.id)"]

  /// Each sort's SQL, descending when asked; the first key a listing has no SQL for is a bad query.
  private static func orderSQL(_ sort: [Sort], listing: String, _ sql: (SortKey) -> [String]?) throws(LibraryError) -> [String] {
    var order: [String] = []
    for item in sort {
      guard let columns = sql(item.key) else {
        let valid = SortKey.allCases.filter { sql($0) != nil }.map(\.rawValue).joined(separator: ", ")
        throw .badQuery(
          token: "sort:" + (item.descending ? "-" : "") + item.key.rawValue, position: item.position,
          reason: "\(listing) cannot be sorted by \(item.key.rawValue) (one of \(valid))")
      }
      order += item.key == .random || !item.descending ? columns : columns.map { $0 + " DESC" }
    }
    return order
  }
}
