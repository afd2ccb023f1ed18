// The MPD tags of a library song: its stored tags as the protocol carries them, each MPD tag type with
// all its values, or the row's names when the tags are not at hand.
import TunesLibrary
import TunesMPD
import TunesTags

extension LibrarySongs {
  /// The one place stored tags become the protocol's: each MPD tag type with all its values, in order.
  static func mpdTags(_ t: TagSet) -> MPDTags {
    func one(_ value: String?) -> [String] { value.map { [$0] } ?? [] }
    func number(_ value: Int?) -> [String] { value.map { [String($0)] } ?? [] }
    var tags = MPDTags()
    // The artist tag as written, as mpd sends it: the credit ("A feat. B"), one line per value of the
    // tag; the separate names (ARTISTS) are no MPD tag.
    tags[all: .artist] = t.artistTagValues
    tags[all: .albumArtist] = t.albumArtistTagValues
    tags[all: .title] = one(t.title)
    tags[all: .album] = one(t.album)
    tags[all: .track] = number(t.trackNumber)
    tags[all: .date] = one(t.date)
    tags[all: .genre] = t.genres
    tags[all: .disc] = number(t.discNumber)
    tags[all: .artistSort] = one(t.artistSort)
    tags[all: .albumSort] = one(t.albumSort)
    tags[all: .albumArtistSort] = one(t.albumArtistSort)
    tags[all: .originalDate] = one(t.originalDate)
    tags[all: .composer] = t.composers
    tags[all: .composerSort] = one(t.composerSort)
    tags[all: .performer] = t.performers
    tags[all: .conductor] = t.conductors
    tags[all: .work] = one(t.work)
    tags[all: .movement] = one(t.movement)
    tags[all: .movementNumber] = number(t.movementNumber)
    tags[all: .ensemble] = one(t.ensemble)
    tags[all: .grouping] = one(t.grouping)
    tags[all: .label] = t.labels
    tags[all: .musicBrainzArtistID] = t.artistMbids
    tags[all: .musicBrainzAlbumID] = one(t.releaseMbid)
    tags[all: .musicBrainzAlbumArtistID] = t.albumArtistMbids
    tags[all: .musicBrainzTrackID] = one(t.recordingMbid)
    tags[all: .musicBrainzReleaseTrackID] = one(t.releaseTrackMbid)
    tags[all: .musicBrainzWorkID] = t.workMbids
    return tags
  }

  /// The MusicBrainz id tags `t` shows as the file spells them (`TagSet.mbidsShown`), nil when it spells
  /// every id canonically: the song block's values, where `mpdTags` keeps the ids filters compare.
  static func spelledTags(_ t: TagSet) -> MPDTags? {
    let spelled = t.mbidSpellings
    guard !spelled.isEmpty else { return nil }
    var tags = MPDTags()
    for (field, values) in spelled { if let tag = MPDTag(rawValue: field.rawValue) { tags[all: tag] = values } }
    return tags
  }

  /// The row's names, for a song whose stored tags are not at hand; not those the indexer made up (a
  /// title from the file name, the artist as album artist), which the file does not carry.
  static func mpdTags(_ song: Song) -> MPDTags {
    var tags = MPDTags()
    tags[all: .artist] = [song.artist]
    tags[all: .albumArtist] = song.knownAlbumArtist.map { [$0] } ?? []
    tags[all: .title] = song.knownTitle.map { [$0] } ?? []
    tags[all: .album] = [song.album]
    tags[all: .track] = song.trackNumber.map { [String($0)] } ?? []
    tags[all: .date] = song.year.map { [String($0)] } ?? []
    tags[all: .genre] = song.genre.map { [$0] } ?? []
    tags[all: .disc] = song.discNumber.map { [String($0)] } ?? []
    return tags
  }
}
