// Reads a Vorbis comment list (FLAC's VORBIS_COMMENT block, the comment header of Ogg Vorbis and Opus)
// into the common TagSet. Hand-written because the format is a few length-prefixed strings: a library
// would cost a C dependency for what is thirty lines. Field names follow the Xiph recommendation and the
// names MusicBrainz Picard writes, which are what MPD reads too.

/// The parsed comment list: tags, any embedded METADATA_BLOCK_PICTURE values (base64, decoded only on
/// request), the Opus R128 gains (applied by the Ogg reader, which knows the header's output gain).
struct VorbisComments {
  var tags = TagSet()
  var vendor = ""
  /// Every comment with an '=', in file order, its name as written.
  var pairs: [TagPair] = []
  /// Raw values of METADATA_BLOCK_PICTURE fields, base64 of a FLAC PICTURE block.
  var pictureFields: [String] = []
  var r128TrackGain: Int?
  var r128AlbumGain: Int?
  var warnings: [String] = []

  /// Parses the list in `buffer[range]` (little-endian lengths, as the Vorbis specification has them);
  /// nil with a reason when a length points past the end. `place` names the block or page in reasons.
  static func parse(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>, place: String) -> Result<VorbisComments, Failure> {
    var out = VorbisComments()
    var p = range.lowerBound
    let end = range.upperBound
    func string(_ what: String) -> Result<String, Failure> {
      guard p <= end - 4 else { return .failure(Failure("\(place): the \(what) length runs past the end")) }
      let n = Int(buffer.le32(p))
      p += 4
      guard n <= end - p else {
        return .failure(Failure("\(place): the \(what) declares \(n) bytes but only \(end - p) remain"))
      }
      let text = String(decoding: buffer.sub(p..<p + n), as: UTF8.self)
      p += n
      return .success(text)
    }
    switch string("vendor string") {
    case .success(let vendor): out.vendor = vendor
    case .failure(let failure): return .failure(failure)
    }
    guard p <= end - 4 else { return .failure(Failure("\(place): the comment count runs past the end")) }
    let count = Int(buffer.le32(p))
    p += 4
    // Each comment takes at least its 4-byte length: a larger count is a lie, not a reason to loop.
    guard count <= (end - p) / 4 else {
      return .failure(Failure("\(place): declares \(count) comments, more than its \(end - p) bytes can hold"))
    }
    var fields: [(String, String)] = []
    fields.reserveCapacity(count)
    for k in 0..<count {
      let comment: String
      switch string("comment \(k + 1)") {
      case .success(let text): comment = text
      case .failure(let failure): return .failure(failure)
      }
      guard let equals = comment.utf8.firstIndex(of: UInt8(ascii: "=")) else {
        out.warnings.append("\(place): comment \(k + 1) has no '=' and was ignored")
        continue
      }
      let written = String(comment[..<equals])
      let value = String(comment[comment.index(after: equals)...])
      out.pairs.append(TagPair(name: written, value: value))
      fields.append((written.uppercased(), value))
    }
    out.apply(fields)
    return .success(out)
  }

  struct Failure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
  }

  /// Fills the tags from name/value pairs in file order (names upper-cased).
  private mutating func apply(_ fields: [(String, String)]) {
    var artistValues: [String] = []
    var artistsValues: [String] = []
    var albumArtistValues: [String] = []
    var trackTotal: Int?
    var discTotal: Int?
    func trimmed(_ s: String) -> String? {
      let t = s.trimmingSpaces()
      return t.isEmpty ? nil : t
    }
    for (name, raw) in fields {
      guard let value = trimmed(raw) else { continue }
      switch name {
      case "TITLE": tags.title = tags.title ?? value
      case "ARTIST": artistValues.append(value)
      case "ARTISTS": artistsValues.append(value)
      case "ALBUM": tags.album = tags.album ?? value
      case "ALBUMARTIST", "ALBUM ARTIST": albumArtistValues.append(value)
      case "TITLESORT": tags.titleSort = tags.titleSort ?? value
      case "ARTISTSORT": tags.artistSort = tags.artistSort ?? value
      case "ALBUMSORT": tags.albumSort = tags.albumSort ?? value
      case "ALBUMARTISTSORT": tags.albumArtistSort = tags.albumArtistSort ?? value
      case "COMPOSERSORT": tags.composerSort = tags.composerSort ?? value
      case "COMPOSER": tags.composers.append(value)
      case "PERFORMER": tags.performers.append(value)
      case "CONDUCTOR": tags.conductors.append(value)
      case "ENSEMBLE": tags.ensemble = tags.ensemble ?? value
      case "WORK": tags.work = tags.work ?? value
      case "MOVEMENTNAME": tags.movement = tags.movement ?? value
      case "MOVEMENT": tags.movementNumber = tags.movementNumber ?? TagValues.numberPair(value).number
      case "MOVEMENTTOTAL": tags.movementTotal = tags.movementTotal ?? TagValues.numberPair(value).number
      case "LYRICIST": tags.lyricists.append(value)
      case "GENRE": tags.genres.append(value)
      case "DATE": tags.date = tags.date ?? value
      case "ORIGINALDATE": tags.originalDate = tags.originalDate ?? value
      case "TRACKNUMBER":
        let pair = TagValues.numberPair(value)
        tags.trackNumber = tags.trackNumber ?? pair.number
        if trackTotal == nil { trackTotal = pair.total }
      case "TRACKTOTAL", "TOTALTRACKS": trackTotal = TagValues.numberPair(value).number ?? trackTotal
      case "DISCNUMBER":
        let pair = TagValues.numberPair(value)
        tags.discNumber = tags.discNumber ?? pair.number
        if discTotal == nil { discTotal = pair.total }
      case "DISCTOTAL", "TOTALDISCS": discTotal = TagValues.numberPair(value).number ?? discTotal
      case "DISCSUBTITLE": tags.discSubtitle = tags.discSubtitle ?? value
      case "GROUPING": tags.grouping = tags.grouping ?? value
      case "LABEL", "ORGANIZATION": tags.labels.append(value)
      case "CATALOGNUMBER": tags.catalogNumber = tags.catalogNumber ?? value
      case "BARCODE": tags.barcode = tags.barcode ?? value
      case "ISRC": tags.isrc = tags.isrc ?? value
      case "COMMENT", "DESCRIPTION": tags.comment = tags.comment ?? value
      case "LYRICS", "UNSYNCEDLYRICS": tags.lyrics = tags.lyrics ?? value
      case "COMPILATION": tags.isCompilation = tags.isCompilation || TagValues.isTrue(value)
      case "BPM": tags.bpm = tags.bpm ?? TagValues.leadingInt(Substring(value))
      case "MUSICBRAINZ_TRACKID", "MUSICBRAINZ_RELEASETRACKID", "MUSICBRAINZ_ALBUMID", "MUSICBRAINZ_RELEASEGROUPID",
        "MUSICBRAINZ_ARTISTID", "MUSICBRAINZ_ALBUMARTISTID", "MUSICBRAINZ_WORKID":
        readID(name, raw, value)
      case "REPLAYGAIN_TRACK_GAIN": tags.replayGain.trackGain = tags.replayGain.trackGain ?? ReplayGainText.decibels(value)
      case "REPLAYGAIN_TRACK_PEAK": tags.replayGain.trackPeak = tags.replayGain.trackPeak ?? ReplayGainText.number(value)
      case "REPLAYGAIN_ALBUM_GAIN": tags.replayGain.albumGain = tags.replayGain.albumGain ?? ReplayGainText.decibels(value)
      case "REPLAYGAIN_ALBUM_PEAK": tags.replayGain.albumPeak = tags.replayGain.albumPeak ?? ReplayGainText.number(value)
      case "R128_TRACK_GAIN": r128TrackGain = r128TrackGain ?? ReplayGainText.q78(value)
      case "R128_ALBUM_GAIN": r128AlbumGain = r128AlbumGain ?? ReplayGainText.q78(value)
      case "MIXRAMP_START": tags.mixRampStart = tags.mixRampStart ?? value
      case "MIXRAMP_END": tags.mixRampEnd = tags.mixRampEnd ?? value
      case "METADATA_BLOCK_PICTURE": pictureFields.append(raw)
      default: break
      }
    }
    // ARTIST is the display string; Picard's ARTISTS holds the separate names when they differ from it.
    if !artistValues.isEmpty { tags.artist = artistValues.joined(separator: "; ") }
    tags.artists = artistsValues.isEmpty ? artistValues : artistsValues
    if !albumArtistValues.isEmpty { tags.albumArtist = albumArtistValues.joined(separator: "; ") }
    tags.albumArtists = albumArtistValues
    if tags.trackNumber != nil { tags.trackTotal = trackTotal }
    if tags.discNumber != nil { tags.discTotal = discTotal }
    tags.keepOnlyIDSpellings()
  }

  /// A MusicBrainz id comment: its canonical ids into the model, and the value as written (untrimmed, as
  /// mpd shows it) beside them.
  private mutating func readID(_ name: String, _ raw: String, _ value: String) {
    guard let field = MBIDField(rawValue: name) else { return }
    tags.noteWritten(raw, field)
    switch field {
    case .recording: tags.recordingMbid = tags.recordingMbid ?? mbid(name, value)
    case .releaseTrack: tags.releaseTrackMbid = tags.releaseTrackMbid ?? mbid(name, value)
    case .release: tags.releaseMbid = tags.releaseMbid ?? mbid(name, value)
    case .releaseGroup: tags.releaseGroupMbid = tags.releaseGroupMbid ?? mbid(name, value)
    case .artist: tags.artistMbids += mbids(name, value)
    case .albumArtist: tags.albumArtistMbids += mbids(name, value)
    case .work: tags.workMbids += mbids(name, value)
    }
  }

  private mutating func mbid(_ name: String, _ value: String) -> String? {
    if let id = MBID.normalized(value) { return id }
    warnings.append("\(name) \"\(value)\" is not a MusicBrainz id and was ignored")
    return nil
  }

  private mutating func mbids(_ name: String, _ value: String) -> [String] {
    MBID.split(value).compactMap { mbid(name, $0) }
  }
}
