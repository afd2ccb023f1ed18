// MusicBrainz ids in MPD filters on the real backend: the library keeps one spelling of each id, so a
// filter's id is brought to it before the songs are matched.
import TunesLibrary
import TunesMPD
import TunesTags

extension LibrarySongs {
  /// The MusicBrainz id tags: the library stores their values canonical (MBID.normalized).
  static let musicBrainzIDTags: Set<MPDTag> = [
    .musicBrainzArtistID, .musicBrainzAlbumID, .musicBrainzAlbumArtistID, .musicBrainzTrackID,
    .musicBrainzReleaseTrackID, .musicBrainzWorkID,
  ]

  /// `filter` with each MusicBrainz id it compares in the spelling the library stores: the file may
  /// write an id in capitals, in braces or without hyphens, and mpd finds it by that spelling, which the
  /// index did not keep; the canonical spelling is found too.
  static func withStoredIDs(_ filter: MPDFilter) -> MPDFilter {
    MPDFilter(
      filter.clauses.map { clause in
        guard case .tag(let tag) = clause.field, musicBrainzIDTags.contains(tag), clause.op != .regex,
          let id = MBID.normalized(clause.value)
        else { return clause }
        var canonical = clause
        canonical.value = id
        return canonical
      })
  }
}
