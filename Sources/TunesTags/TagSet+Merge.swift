// Combining the tags of several tags in one file: ID3v2 wins, an appended ID3v2 and then ID3v1 fill gaps.

extension TagSet {
  /// Fields this set lacks, taken from `other`; `versions` lists both.
  mutating func fillGaps(from other: TagSet) {
    if title == nil { title = other.title }
    if artist == nil { artist = other.artist }
    if album == nil { album = other.album }
    if albumArtist == nil { albumArtist = other.albumArtist }
    if trackNumber == nil {
      trackNumber = other.trackNumber
      if trackTotal == nil { trackTotal = other.trackTotal }
    }
    if discNumber == nil {
      discNumber = other.discNumber
      if discTotal == nil { discTotal = other.discTotal }
    }
    if year == nil { year = other.year }
    if genres.isEmpty { genres = other.genres }
    if !isCompilation { isCompilation = other.isCompilation }
    if composer == nil { composer = other.composer }
    if comment == nil { comment = other.comment }
    if recordingMbid == nil { recordingMbid = other.recordingMbid }
    if releaseMbid == nil { releaseMbid = other.releaseMbid }
    if releaseGroupMbid == nil { releaseGroupMbid = other.releaseGroupMbid }
    if artistMbids.isEmpty { artistMbids = other.artistMbids }
    if albumArtistMbids.isEmpty { albumArtistMbids = other.albumArtistMbids }
    versions += other.versions
  }
}
