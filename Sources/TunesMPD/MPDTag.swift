// The tag types of MPD 0.23, named as MPD names them on the wire and declared in the order its
// `tagtypes` lists them. tunes' library keeps a few of them (artist, album artist, title, album, track,
// date, genre, disc); the others are known so that requests naming them (`list composer`, a filter on
// `performer`) get MPD's answer for songs that lack the tag rather than "Unknown tag type".

public enum MPDTag: String, Sendable, CaseIterable, Hashable {
  case artist = "Artist"
  case artistSort = "ArtistSort"
  case album = "Album"
  case albumSort = "AlbumSort"
  case albumArtist = "AlbumArtist"
  case albumArtistSort = "AlbumArtistSort"
  case title = "Title"
  case track = "Track"
  case name = "Name"
  case genre = "Genre"
  case date = "Date"
  case originalDate = "OriginalDate"
  case composer = "Composer"
  case composerSort = "ComposerSort"
  case performer = "Performer"
  case conductor = "Conductor"
  case work = "Work"
  case movement = "Movement"
  case movementNumber = "MovementNumber"
  case ensemble = "Ensemble"
  case location = "Location"
  case grouping = "Grouping"
  case disc = "Disc"
  case label = "Label"
  case musicBrainzArtistID = "MUSICBRAINZ_ARTISTID"
  case musicBrainzAlbumID = "MUSICBRAINZ_ALBUMID"
  case musicBrainzAlbumArtistID = "MUSICBRAINZ_ALBUMARTISTID"
  case musicBrainzTrackID = "MUSICBRAINZ_TRACKID"
  case musicBrainzReleaseTrackID = "MUSICBRAINZ_RELEASETRACKID"
  case musicBrainzWorkID = "MUSICBRAINZ_WORKID"

  /// Tag names are case-insensitive in requests (`list artist`, `find Artist x`).
  public init?(protocolName: String) {
    let lowered = protocolName.lowercased()
    guard let tag = MPDTag.allCases.first(where: { $0.rawValue.lowercased() == lowered }) else { return nil }
    self = tag
  }

  /// The order a song's tags are written in. MPD writes them in the order its decoder plugin reports
  /// them; for ID3 tags, the order of its scan (mpd 0.23): artist, album artist, the three sort names,
  /// title, album, track, date, original date, genre, composer, conductor, performer, grouping, disc,
  /// label, and every other tag after those. (Vorbis comments come in the file's order in MPD; tunes keeps
  /// this one order for every format.)
  static let songOrder: [MPDTag] = {
    let first: [MPDTag] = [
      .artist, .albumArtist, .artistSort, .albumSort, .albumArtistSort, .title, .album, .track, .date, .originalDate,
      .genre, .composer, .conductor, .performer, .grouping, .disc, .label,
    ]
    return first + allCases.filter { !first.contains($0) }
  }()

  /// The tags MPD reads in turn when a song lacks this one (its `ApplyTagFallback`): a sort name falls back
  /// to the name, an album artist to the artist.
  public var fallbacks: [MPDTag] {
    switch self {
    // The album artist's own fallback comes first: mpd reads AlbumArtist (or else Artist) before ArtistSort.
    case .albumArtistSort: return [.albumArtist, .artist, .artistSort]
    case .albumArtist, .artistSort: return [.artist]
    case .albumSort: return [.album]
    case .composerSort: return [.composer]
    default: return []
    }
  }

  /// Tags MPD sorts by number (`sort Track`), reading the leading digits as `strtol` does.
  var isNumeric: Bool { self == .track || self == .disc }
}
