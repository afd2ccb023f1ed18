// Which ID3v2 frame fills which TagSet field, decided once every frame of the tag has been gathered. The
// frames follow mutagen's reading (Debian python3-mutagen 1.46) and, where mutagen leaves the meaning to the
// application, MusicBrainz Picard's conventions as MPD's id3 plugin also reads them. Docs/Tags.md has the
// table, and Tests/Fixtures/mutagen-tags.py the same mapping over mutagen's frames.

extension ID3v2FrameCollector {
  /// TIPL/IPLS roles that name an involvement rather than an instrument (Picard's set): they are not
  /// performers. Composer, lyricist and conductor fill their fields when the dedicated frame is absent;
  /// the others have no field in the model and are not kept.
  static let involvementRoles: Set<String> = [
    "arranger", "engineer", "producer", "mix", "dj-mix", "composer", "lyricist", "conductor",
  ]

  /// The tag's fields.
  func tagSet() -> TagSet {
    var tags = TagSet()
    tags.title = joined(FrameID.TIT2)
    // The artist is the TPE1 text as written; several values (ID3v2.4 NUL lists) are joined with "; ".
    // The list comes from Picard's TXXX:ARTISTS when present (TPE1 then holds "A feat. B"), else TPE1.
    let tpe1 = texts[FrameID.TPE1] ?? []
    let artistList = texts[.artists] ?? []
    tags.artist = join(tpe1) ?? join(artistList)
    tags.artists = artistList.isEmpty ? tpe1 : artistList
    let tpe2 = texts[FrameID.TPE2] ?? []
    let albumArtistList = texts[.albumArtists] ?? []
    tags.albumArtist = join(tpe2) ?? join(albumArtistList)
    tags.albumArtists = albumArtistList.isEmpty ? tpe2 : albumArtistList
    tags.album = joined(FrameID.TALB)
    // iTunes wrote sort names in ID3v2.3 as XSOT/XSOP/XSOA before TSOT/TSOP/TSOA existed.
    tags.titleSort = joined(FrameID.TSOT) ?? joined(FrameID.XSOT)
    tags.artistSort = joined(FrameID.TSOP) ?? joined(FrameID.XSOP)
    tags.albumSort = joined(FrameID.TSOA) ?? joined(FrameID.XSOA)
    tags.albumArtistSort = joined(FrameID.TSO2) ?? join(texts[.albumArtistSort] ?? [])
    tags.composerSort = joined(FrameID.TSOC)
    tags.composers = texts[FrameID.TCOM] ?? []
    tags.conductors = texts[FrameID.TPE3] ?? []
    tags.lyricists = texts[FrameID.TEXT] ?? []
    tags.labels = texts[FrameID.TPUB] ?? []
    applyCredits(to: &tags)
    tags.ensemble = join(texts[.ensemble] ?? [])
    // Picard writes the grouping to TIT1 and the work to TXXX:WORK, or, in its iTunes-compatible mode, the
    // grouping to GRP1 and the work to TIT1 (as iTunes 12.5 does). A GRP1 frame marks the second form.
    let grp1 = joined(FrameID.GRP1)
    tags.grouping = grp1 ?? joined(FrameID.TIT1)
    tags.work = join(texts[.work] ?? []) ?? (grp1 != nil ? joined(FrameID.TIT1) : nil)
    tags.movement = joined(FrameID.MVNM)
    if let text = texts[FrameID.MVIN]?.first { (tags.movementNumber, tags.movementTotal) = TagValues.numberPair(text) }
    var genres: [String] = []
    for value in texts[FrameID.TCON] ?? [] {
      for genre in ID3Genres.resolve(value) where !genres.contains(genre) { genres.append(genre) }
    }
    tags.genres = genres
    tags.date = recordingDate()
    // ID3v2.3 has only TORY, a year; mutagen turns it into TDOR, which wins when both are present.
    tags.originalDate = (texts[FrameID.TDOR] ?? texts[FrameID.TORY])?.first.flatMap(TagValues.date)
    if let text = texts[FrameID.TRCK]?.first { (tags.trackNumber, tags.trackTotal) = TagValues.numberPair(text) }
    if let text = texts[FrameID.TPOS]?.first { (tags.discNumber, tags.discTotal) = TagValues.numberPair(text) }
    // TSST is ID3v2.4's disc subtitle; v2.3 taggers put it in TIT3, the subtitle frame.
    tags.discSubtitle = joined(FrameID.TSST) ?? joined(FrameID.TIT3)
    tags.catalogNumber = join(texts[.catalogNumber] ?? [])
    tags.barcode = join(texts[.barcode] ?? [])
    tags.isrc = joined(FrameID.TSRC)
    tags.comment = comment
    tags.lyrics = lyrics
    tags.syncedLyrics = syncedLyrics
    if let text = texts[FrameID.TCMP]?.first { tags.isCompilation = TagValues.isTrue(text) }
    if let text = texts[FrameID.TBPM]?.first { tags.bpm = TagValues.leadingInt(Substring(text)) }
    tags.mixRampStart = join(texts[.mixRampStart] ?? [])
    tags.mixRampEnd = join(texts[.mixRampEnd] ?? [])
    tags.replayGain = replayGain()
    tags.recordingMbid = ufidRecording ?? texts[.recordingMbid]?.first
    tags.releaseTrackMbid = texts[.releaseTrackMbid]?.first
    tags.releaseMbid = texts[.releaseMbid]?.first
    tags.releaseGroupMbid = texts[.releaseGroupMbid]?.first
    tags.artistMbids = texts[.artistMbid] ?? []
    tags.albumArtistMbids = texts[.albumArtistMbid] ?? []
    tags.workMbids = texts[.workMbid] ?? []
    tags.mbidsAsWritten = writtenIDs
    tags.keepOnlyIDSpellings()
    return tags
  }

  /// TMCL pairs (instrument, name) become performers "Name (instrument)", as MPD writes them. TIPL, and
  /// ID3v2.3's IPLS which holds both kinds, pair (role, name): an involvement role is not a performance,
  /// any other role is taken as an instrument, as Picard reads it.
  private func applyCredits(to tags: inout TagSet) {
    var performers: [String] = []
    func add(_ name: String, _ role: String) {
      let credit = role.isEmpty ? name : "\(name) (\(role))"
      if !name.isEmpty && !performers.contains(credit) { performers.append(credit) }
    }
    for (role, name) in Self.pairs(texts[FrameID.TMCL] ?? []) { add(name, role) }
    var composers: [String] = []
    var lyricists: [String] = []
    var conductors: [String] = []
    for (role, name) in Self.pairs((texts[FrameID.TIPL] ?? []) + (texts[FrameID.IPLS] ?? [])) {
      switch role.lowercased() {
      case "composer": composers.append(name)
      case "lyricist": lyricists.append(name)
      case "conductor": conductors.append(name)
      case let other where Self.involvementRoles.contains(other): break
      default: add(name, role)
      }
    }
    tags.performers = performers
    if tags.composers.isEmpty { tags.composers = composers }
    if tags.lyricists.isEmpty { tags.lyricists = lyricists }
    if tags.conductors.isEmpty { tags.conductors = conductors }
  }

  /// Consecutive values as (role, name) pairs; an odd last value is a role without a name, dropped.
  /// Values were read with empty ones dropped, so a pair list missing a role shifts: such frames are rare.
  static func pairs(_ values: [String]) -> [(String, String)] {
    stride(from: 0, to: values.count - 1, by: 2).map { (values[$0], values[$0 + 1]) }
  }

  /// TDRC (ID3v2.4), else ID3v2.3's TYER with TDAT's day and month ("DDMM") when it has four digits, as
  /// mutagen combines them, else the release time TDRL.
  private func recordingDate() -> String? {
    if let text = texts[FrameID.TDRC]?.first, let date = TagValues.date(text) { return date }
    if let year = texts[FrameID.TYER]?.first.flatMap(TagValues.year) {
      var date = String(year)
      if let day = texts[FrameID.TDAT]?.first, day.utf8.count == 4, day.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
        let d = Array(day)
        date += "-\(d[2])\(d[3])-\(d[0])\(d[1])"
      }
      return TagValues.date(date)
    }
    return texts[FrameID.TDRL]?.first.flatMap(TagValues.date)
  }

  /// TXXX REPLAYGAIN_* values ("-6.50 dB", "0.988"), each one missing taken from RVA2.
  private func replayGain() -> ReplayGainTags {
    func value(_ key: UserText) -> Double? { texts[key]?.first.flatMap(TagValues.decimal) }
    var gain = ReplayGainTags(
      trackGain: value(.trackGain), trackPeak: value(.trackPeak),
      albumGain: value(.albumGain), albumPeak: value(.albumPeak))
    gain.fillGaps(from: relativeVolume)
    return gain
  }

  private func joined(_ id: UInt32) -> String? { join(texts[id] ?? []) }

  private func join(_ values: [String]) -> String? {
    values.isEmpty ? nil : values.count == 1 ? values[0] : values.joined(separator: "; ")
  }
}

extension ReplayGainTags {
  /// Values this set lacks, taken from `other`.
  mutating func fillGaps(from other: ReplayGainTags) {
    if trackGain == nil { trackGain = other.trackGain }
    if trackPeak == nil { trackPeak = other.trackPeak }
    if albumGain == nil { albumGain = other.albumGain }
    if albumPeak == nil { albumPeak = other.albumPeak }
  }
}
