// Combining the tags of several tags in one file: ID3v2 wins, an appended ID3v2 and then ID3v1 fill gaps.
// Each field is taken whole from the first tag that has it: mixing the artists of one tag with the
// artist string of another would describe no tag.

extension TagSet {
  /// Fields this set lacks, taken from `other`; `versions` lists both.
  mutating func fillGaps(from other: TagSet) {
    fill(&title, other.title)
    if artist == nil && artists.isEmpty {
      artist = other.artist
      artists = other.artists
    }
    fill(&album, other.album)
    if albumArtist == nil && albumArtists.isEmpty {
      albumArtist = other.albumArtist
      albumArtists = other.albumArtists
    }
    fill(&titleSort, other.titleSort)
    fill(&artistSort, other.artistSort)
    fill(&albumSort, other.albumSort)
    fill(&albumArtistSort, other.albumArtistSort)
    fill(&composerSort, other.composerSort)
    fill(&composers, other.composers)
    fill(&performers, other.performers)
    fill(&conductors, other.conductors)
    fill(&ensemble, other.ensemble)
    fill(&work, other.work)
    if movement == nil && movementNumber == nil {
      movement = other.movement
      movementNumber = other.movementNumber
      movementTotal = other.movementTotal
    }
    fill(&lyricists, other.lyricists)
    fill(&genres, other.genres)
    fill(&date, other.date)
    fill(&originalDate, other.originalDate)
    if trackNumber == nil {
      trackNumber = other.trackNumber
      if trackTotal == nil { trackTotal = other.trackTotal }
    }
    if discNumber == nil {
      discNumber = other.discNumber
      if discTotal == nil { discTotal = other.discTotal }
    }
    fill(&discSubtitle, other.discSubtitle)
    fill(&grouping, other.grouping)
    fill(&labels, other.labels)
    fill(&catalogNumber, other.catalogNumber)
    fill(&barcode, other.barcode)
    fill(&isrc, other.isrc)
    fill(&comment, other.comment)
    fill(&lyrics, other.lyrics)
    fill(&syncedLyrics, other.syncedLyrics)
    if !isCompilation { isCompilation = other.isCompilation }
    fill(&bpm, other.bpm)
    // An id field taken from the other tag takes its spelling with it.
    for field in MBIDField.allCases where mbids(field).isEmpty && !other.mbids(field).isEmpty {
      mbidsAsWritten[field] = other.mbidsAsWritten[field]
    }
    fill(&recordingMbid, other.recordingMbid)
    fill(&releaseTrackMbid, other.releaseTrackMbid)
    fill(&releaseMbid, other.releaseMbid)
    fill(&releaseGroupMbid, other.releaseGroupMbid)
    fill(&artistMbids, other.artistMbids)
    fill(&albumArtistMbids, other.albumArtistMbids)
    fill(&workMbids, other.workMbids)
    replayGain.fillGaps(from: other.replayGain)
    fill(&mixRampStart, other.mixRampStart)
    fill(&mixRampEnd, other.mixRampEnd)
    versions += other.versions
  }
}

private func fill<T>(_ field: inout T?, _ other: T?) {
  if field == nil { field = other }
}

private func fill<T>(_ field: inout [T], _ other: [T]) {
  if field.isEmpty { field = other }
}
