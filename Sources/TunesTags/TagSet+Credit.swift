// The credit of a song, the artist tag as written ("Zoë Marlowe feat. Kenji Tanaka"), beside the
// separate names (`artists`, Picard's ARTISTS): which values the artist tag itself holds, for the views
// that show the tag value by value as mpd does (one `Artist:` line per value of TPE1 or ARTIST).

extension TagSet {
  /// The values of the artist tag: the names when the credit is nothing but them joined with "; " (an
  /// ID3v2.4 TPE1 or repeated Vorbis ARTIST of two values), else the credit alone ("A feat. B" beside
  /// ARTISTS A and B). Empty without an artist.
  public var artistTagValues: [String] { Self.tagValues(credit: artist, names: artists) }

  /// The same for the album artist (TPE2, ALBUMARTIST, aART) beside ALBUMARTISTS.
  public var albumArtistTagValues: [String] { Self.tagValues(credit: albumArtist, names: albumArtists) }

  static func tagValues(credit: String?, names: [String]) -> [String] {
    guard let credit else { return names }
    if names.count > 1 && names.joined(separator: "; ") == credit { return names }
    return [credit]
  }
}
