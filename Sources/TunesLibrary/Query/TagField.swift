// The query language's fields beyond the full-text five: every tag the library stores (TagSchema), by
// the names beets gives them, with MPD's tag names (lowercased) as aliases so that one name works in
// both worlds. Each says where its values live: a `song` column, `songTag` rows, a number, a date.
public struct TagField: Sendable, Equatable, Hashable {
  public enum Storage: Sendable, Equatable, Hashable {
    /// A text column of `song`.
    case text(String)
    /// `songTag` rows of this name, one per value.
    case list(String)
    /// An integer column of `song`.
    case number(String)
    /// A TEXT date column of `song` ("YYYY", "YYYY-MM" or "YYYY-MM-DD").
    case date(String)
    /// A boolean column of `song` (0 or 1), queried as `true` or `false`.
    case flag(String)
  }

  /// The name the query language prints it by.
  public let name: String
  public let storage: Storage

  /// Every name and alias, lowercased.
  static let byName: [String: TagField] = {
    var fields: [String: TagField] = [:]
    func add(_ storage: Storage, _ names: String...) {
      let field = TagField(name: names[0], storage: storage)
      for name in names { fields[name] = field }
    }
    add(.list("artist"), "artists")
    add(.list("albumartist"), "albumartists")
    add(.list("genre"), "genres")
    add(.list("composer"), "composer")
    add(.list("performer"), "performer")
    add(.list("conductor"), "conductor")
    add(.list("lyricist"), "lyricist")
    add(.list("label"), "label", "publisher")
    add(.list("mb_artistid"), "mb_artistid", "mb_artistids", "musicbrainz_artistid")
    add(.list("mb_albumartistid"), "mb_albumartistid", "mb_albumartistids", "musicbrainz_albumartistid")
    add(.list("mb_workid"), "mb_workid", "musicbrainz_workid")
    add(.text("song.titleSort"), "title_sort", "titlesort")
    add(.text("song.artistSort"), "artist_sort", "artistsort")
    add(.text("song.albumSort"), "album_sort", "albumsort")
    add(.text("song.albumArtistSort"), "albumartist_sort", "albumartistsort")
    add(.text("song.composerSort"), "composer_sort", "composersort")
    add(.text("song.work"), "work")
    add(.text("song.ensemble"), "ensemble")
    add(.text("song.movement"), "movement", "movementname")
    add(.text("song.discSubtitle"), "disctitle", "discsubtitle")
    add(.text("song.grouping"), "grouping")
    add(.text("song.catalogNumber"), "catalognum", "catalognumber")
    add(.text("song.barcode"), "barcode")
    add(.text("song.isrc"), "isrc")
    add(.text("song.comment"), "comments", "comment")
    add(.text("song.lyrics"), "lyrics")
    add(.text("song.codec"), "format", "codec")
    add(.text("song.recordingMbid"), "mb_trackid", "musicbrainz_trackid", "musicbrainz_recordingid")
    add(.text("song.releaseTrackMbid"), "mb_releasetrackid", "musicbrainz_releasetrackid")
    add(.text("song.releaseMbid"), "mb_albumid", "musicbrainz_albumid")
    add(.text("song.releaseGroupMbid"), "mb_releasegroupid", "musicbrainz_releasegroupid")
    add(.date("song.date"), "date")
    add(.date("song.originalDate"), "original_date", "originaldate")
    add(.number("song.trackNumber"), "track", "tracknumber")
    add(.number("song.trackTotal"), "tracktotal")
    add(.number("song.discNumber"), "disc", "discnumber")
    add(.number("song.discTotal"), "disctotal")
    add(.number("song.movementNumber"), "movementnumber")
    add(.number("song.movementTotal"), "movementtotal")
    add(.number("song.bpm"), "bpm")
    add(.number("song.bitrate"), "bitrate")
    add(.number("song.sampleRate"), "samplerate")
    add(.number("song.bitsPerSample"), "bitdepth")
    add(.number("song.channels"), "channels")
    // beets' name; the indexer sets it from the file's compilation flag (TCMP, COMPILATION, cpil).
    add(.flag("song.isCompilation"), "comp", "compilation")
    return fields
  }()

  /// Whether the values are MusicBrainz ids (stored canonical, so a query's id is made canonical too).
  var isMusicBrainzID: Bool { name.hasPrefix("mb_") }

  /// The field a query names, by any of its names (case ignored).
  public static func named(_ name: String) -> TagField? { byName[name.lowercased()] }

  /// The canonical names, sorted, for error messages and the docs.
  static var names: [String] { Set(byName.values.map(\.name)).sorted() }
}
