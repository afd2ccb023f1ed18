// The tags of one file, in one model for every format tunes reads (ID3, Vorbis comments, MP4 atoms).
// Each reader fills what its format carries; nothing here is derived or invented: a field the file
// does not carry stays nil or empty. Fields that a format may hold several times (artists, genres,
// composers, performers, ids) are arrays in tag order, so a query on one value finds the song.

/// ReplayGain values as tagged (dB and linear peak), from whichever form the file uses.
public struct ReplayGainTags: Sendable, Equatable, Hashable {
  public var trackGain: Double?
  public var trackPeak: Double?
  public var albumGain: Double?
  public var albumPeak: Double?

  public init(trackGain: Double? = nil, trackPeak: Double? = nil, albumGain: Double? = nil, albumPeak: Double? = nil) {
    self.trackGain = trackGain
    self.trackPeak = trackPeak
    self.albumGain = albumGain
    self.albumPeak = albumPeak
  }

  public var isEmpty: Bool { trackGain == nil && trackPeak == nil && albumGain == nil && albumPeak == nil }
}

public struct TagSet: Sendable, Equatable {
  public var title: String?
  /// The artist as written, the display string the file carries ("A feat. B"); when the format holds
  /// several artist values and no single display string, the values joined with "; ".
  public var artist: String?
  /// Each artist value in tag order (ID3v2.4 NUL lists, repeated Vorbis ARTIST/ARTISTS).
  public var artists: [String]
  public var album: String?
  public var albumArtist: String?
  public var albumArtists: [String]
  public var titleSort: String?
  public var artistSort: String?
  public var albumSort: String?
  public var albumArtistSort: String?
  public var composerSort: String?
  public var composers: [String]
  /// Performers, each "Name" or "Name (instrument)" as MPD writes TMCL roles.
  public var performers: [String]
  public var conductors: [String]
  public var ensemble: String?
  public var work: String?
  public var movement: String?
  public var movementNumber: Int?
  public var movementTotal: Int?
  public var lyricists: [String]
  /// Genre names; numeric ID3 references such as "(17)" or "17" are resolved to "Rock".
  public var genres: [String]
  /// "YYYY", "YYYY-MM" or "YYYY-MM-DD", at the precision tagged.
  public var date: String?
  public var originalDate: String?
  public var trackNumber: Int?
  public var trackTotal: Int?
  public var discNumber: Int?
  public var discTotal: Int?
  public var discSubtitle: String?
  public var grouping: String?
  public var labels: [String]
  public var catalogNumber: String?
  public var barcode: String?
  public var isrc: String?
  public var comment: String?
  public var lyrics: String?
  /// Lyrics with the time each line is sung (an ID3v2 SYLT frame), in the order of their times.
  public var syncedLyrics: [TimedLyric]?
  public var isCompilation: Bool
  public var bpm: Int?
  /// MusicBrainz ids, normalised to lowercase hyphenated UUIDs.
  public var recordingMbid: String?
  public var releaseTrackMbid: String?
  public var releaseMbid: String?
  public var releaseGroupMbid: String?
  public var artistMbids: [String]
  public var albumArtistMbids: [String]
  public var workMbids: [String]
  /// The MusicBrainz id tags as the file wrote them (capitals, braces, spaces, several ids in one value),
  /// each field's values in file order: MPD clients are shown ids as mpd shows them, the file's spelling,
  /// while matching and ListenBrainz use the canonical ids above. Only the fields spelled otherwise than
  /// canonically: empty for most files.
  public var mbidsAsWritten: [MBIDField: [String]]
  public var replayGain: ReplayGainTags
  /// MIXRAMP_START / MIXRAMP_END as tagged ("dB seconds;dB seconds;...").
  public var mixRampStart: String?
  public var mixRampEnd: String?
  /// Which tag versions were found, e.g. ["ID3v2.4", "ID3v1.1"] or ["FLAC", "VorbisComment"].
  public var versions: [String]

  public init() {
    artists = []
    albumArtists = []
    composers = []
    performers = []
    conductors = []
    lyricists = []
    genres = []
    labels = []
    isCompilation = false
    artistMbids = []
    albumArtistMbids = []
    workMbids = []
    mbidsAsWritten = [:]
    replayGain = ReplayGainTags()
    versions = []
  }

  /// The year of `date` (its first four digits); setting it replaces the date with the bare year.
  public var year: Int? {
    get { date.flatMap(TagValues.year) }
    set { date = newValue.map { String($0) } }
  }

  /// The first composer, for displays that show one.
  public var composer: String? {
    get { composers.first }
    set { composers = newValue.map { [$0] } ?? [] }
  }
}
