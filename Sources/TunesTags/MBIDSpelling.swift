// MusicBrainz ids as the file spells them. The model keeps every id canonical (MBID.normalized), which is
// what matching and ListenBrainz need; mpd shows the tag's values exactly as written ("{7A1B…}", with the
// spaces and several ids in one value), and an MPD client compares what it shows with what mpd showed. So
// the readers also keep each id field's values as written, and `mbidsShown` decides which to show.

/// The MusicBrainz id fields of a song, by the names mpd gives them.
public enum MBIDField: String, CaseIterable, Sendable, Codable {
  case recording = "MUSICBRAINZ_TRACKID"
  case releaseTrack = "MUSICBRAINZ_RELEASETRACKID"
  case release = "MUSICBRAINZ_ALBUMID"
  case releaseGroup = "MUSICBRAINZ_RELEASEGROUPID"
  case artist = "MUSICBRAINZ_ARTISTID"
  case albumArtist = "MUSICBRAINZ_ALBUMARTISTID"
  case work = "MUSICBRAINZ_WORKID"
}

extension MBID {
  /// The canonical ids of values as a file writes them: each value split where it holds several, each part
  /// made canonical, what is not an id dropped, each id once.
  public static func ids(inWritten values: [String]) -> [String] {
    var ids: [String] = []
    for value in values {
      for part in split(value) {
        if let id = normalized(part), !ids.contains(id) { ids.append(id) }
      }
    }
    return ids
  }
}

extension TagSet {
  /// The canonical ids of `field`.
  public func mbids(_ field: MBIDField) -> [String] {
    func one(_ id: String?) -> [String] { id.map { [$0] } ?? [] }
    switch field {
    case .recording: return one(recordingMbid)
    case .releaseTrack: return one(releaseTrackMbid)
    case .release: return one(releaseMbid)
    case .releaseGroup: return one(releaseGroupMbid)
    case .artist: return artistMbids
    case .albumArtist: return albumArtistMbids
    case .work: return workMbids
    }
  }

  /// The values of `field` as the file wrote them when they are the ids the song has (a catalogue may
  /// have named other ids, and a file may repeat a single id field: then the canonical ids are shown).
  public func mbidsShown(_ field: MBIDField) -> [String] {
    let ids = mbids(field)
    guard let written = mbidsAsWritten[field], written != ids, MBID.ids(inWritten: written) == ids else { return ids }
    return written
  }

  /// The fields whose written values differ from their canonical ids, and those values: all a library
  /// needs to keep beside the ids to show them as written (nothing for most files).
  public var mbidSpellings: [MBIDField: [String]] {
    var spelled: [MBIDField: [String]] = [:]
    for field in MBIDField.allCases {
      let shown = mbidsShown(field)
      if shown != mbids(field) { spelled[field] = shown }
    }
    return spelled
  }

  /// Drops the fields the file spells canonically, which is what a reader leaves: a TagSet holds a field
  /// as written only when that differs from its ids.
  mutating func keepOnlyIDSpellings() {
    guard !mbidsAsWritten.isEmpty else { return }
    mbidsAsWritten = mbidSpellings
  }

  /// Keeps `value`, read from the file's `field`, as written.
  mutating func noteWritten(_ value: String, _ field: MBIDField) {
    mbidsAsWritten[field, default: []].append(value)
  }
}
