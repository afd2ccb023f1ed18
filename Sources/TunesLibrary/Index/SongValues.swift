// The columns of one song row as the indexer derives them from a file's tags and its catalogue entry:
// the catalogue's names win where it has them, the tags fill in the rest. `tags` is what the song's
// stored tags are (TagSchema): the file's, with the catalogue's names put in their place, nothing made up.
import Foundation
import GRDB
import TunesCore
import TunesTags

/// A class: the writer reads each song several times, and a copy of this many strings and lists retained
/// every one of them.
final class SongValues: Sendable {
  let path: String
  let title: String
  let artist: String
  let album: String
  let albumArtist: String
  let trackNumber: Int?
  let trackTotal: Int?
  let discNumber: Int?
  let discTotal: Int?
  let year: Int?
  let genre: String?
  let durationMs: Int?
  let recordingMbid: String?
  let releaseMbid: String?
  let artistMbids: [String]
  let isCompilation: Bool
  let stamp: FileStamp
  let audioHash: String?
  let source: String
  let catalogueFingerprint: String?
  let coverPath: String?
  /// The tags to store: the file's, with the catalogue's values in place of the ones it names.
  let tags: TagSet
  /// The file's own title, artist, album and album artist, exactly as read.
  let fileTitle, fileArtist, fileAlbum, fileAlbumArtist: String?
  /// The file's own values of the other fields a catalogue may name (FileTagSchema).
  let fileTrackNumber, fileDiscNumber: Int?
  let fileDate, fileGenre, fileRecordingMbid: String?
  /// TagSchema's bits: which display columns are fallbacks rather than names.
  let derivedFields: Int
  let audio: AudioProperties

  init(path: String, stamp: FileStamp, metadata: consuming FileMetadata, entry: CatalogueEntry?, folderCover: String?) {
    let audio = metadata.audio
    self.audio = audio
    // Moved, not copied: the file's tags become the stored ones (`stored`). Swapped out of the metadata,
    // since taking a property of a consumed struct copied it (retaining every string and list once more).
    var tags = TagSet()
    swap(&tags, &metadata.tags)
    let clean = SongValues.clean
    self.path = path
    title = clean(entry?.title) ?? clean(tags.title) ?? PathText.stem(of: path)
    let artist = clean(entry?.artist) ?? clean(tags.artist) ?? ""
    self.artist = artist
    album = clean(entry?.album) ?? clean(tags.album) ?? ""
    albumArtist = clean(entry?.albumArtist) ?? clean(tags.albumArtist) ?? artist
    trackNumber = entry?.trackNumber ?? tags.trackNumber
    trackTotal = tags.trackTotal
    discNumber = entry?.discNumber ?? tags.discNumber
    discTotal = tags.discTotal
    year = entry?.year ?? tags.year
    genre = clean(entry?.genre) ?? clean(tags.genres.joined(separator: "; "))
    // The measured length is exact; the catalogue's is only a fallback.
    durationMs = audio.durationMs > 0 ? audio.durationMs : entry?.durationMs
    recordingMbid = clean(entry?.recordingMbid) ?? clean(tags.recordingMbid)
    releaseMbid = clean(tags.releaseMbid)
    artistMbids = tags.artistMbids
    isCompilation = tags.isCompilation
    self.stamp = stamp
    audioHash = audio.audioHash.isEmpty ? nil : audio.audioHash
    source = entry == nil ? "scan" : "both"
    catalogueFingerprint = entry.map { Fingerprint.text($0.fingerprint) }
    coverPath = entry?.coverPath ?? folderCover
    fileTitle = tags.title
    fileArtist = tags.artist
    fileAlbum = tags.album
    fileAlbumArtist = tags.albumArtist
    fileTrackNumber = tags.trackNumber
    fileDiscNumber = tags.discNumber
    fileDate = clean(tags.date)
    fileGenre = clean(tags.genres.joined(separator: "; "))
    fileRecordingMbid = clean(tags.recordingMbid)
    derivedFields =
      (clean(entry?.title) ?? clean(tags.title) == nil ? TagSchema.titleFromFileName : 0)
      | (clean(entry?.albumArtist) ?? clean(tags.albumArtist) == nil ? TagSchema.albumArtistFromArtist : 0)
    self.tags = SongValues.stored(consume tags, entry: entry)
  }

  /// The file's tags with the catalogue entry's values in place of the ones it gives; lists left empty by
  /// a format that only has the display string get that string as their one value.
  static func stored(_ file: consuming TagSet, entry: CatalogueEntry?) -> TagSet {
    var tags = file
    tags.title = clean(tags.title)
    tags.artist = clean(tags.artist)
    tags.album = clean(tags.album)
    tags.albumArtist = clean(tags.albumArtist)
    if tags.artists.isEmpty, let artist = tags.artist { tags.artists = [artist] }
    if tags.albumArtists.isEmpty, let albumArtist = tags.albumArtist { tags.albumArtists = [albumArtist] }
    tags.genres = tags.genres.compactMap(clean)
    guard let entry else { return tags }
    if let title = clean(entry.title) { tags.title = title }
    if let artist = clean(entry.artist), artist != tags.artist {
      tags.artist = artist
      tags.artists = [artist]
    }
    if let album = clean(entry.album) { tags.album = album }
    if let albumArtist = clean(entry.albumArtist), albumArtist != tags.albumArtist {
      tags.albumArtist = albumArtist
      tags.albumArtists = [albumArtist]
    }
    if let genre = clean(entry.genre), tags.genres != [genre] { tags.genres = [genre] }
    // The catalogue knows the year only: a tagged date in that year is kept at its precision.
    if let year = entry.year, tags.year != year { tags.year = year }
    if let track = entry.trackNumber { tags.trackNumber = track }
    if let disc = entry.discNumber { tags.discNumber = disc }
    if let mbid = clean(entry.recordingMbid) { tags.recordingMbid = mbid }
    return tags
  }

  /// Trimmed of white space; nil when nothing is left.
  static func clean(_ text: String?) -> String? {
    guard var text else { return nil }
    // Most names begin and end with a printable ASCII character, which no white space is: asking
    // Foundation's character set (behind a lock) about every name was a visible part of indexing.
    let ends = text.withUTF8 { bytes in bytes.first.map { ($0, bytes[bytes.count - 1]) } }
    guard let (first, last) = ends else { return nil }
    if (0x21...0x7E).contains(first) && (0x21...0x7E).contains(last) { return text }
    let trimmed = text.trimmingEnds(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? nil : trimmed
  }

  /// The ids as a JSON array of strings, as JSONEncoder writes it; MBIDs (validated UUIDs) never need
  /// its escapes, and a JSONEncoder per song was a visible part of indexing.
  var artistMbidsJSON: String {
    guard !artistMbids.isEmpty else { return "[]" }
    if artistMbids.allSatisfy({
      $0.utf8.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "/") }
    }) {
      return "[" + artistMbids.map { "\"" + $0 + "\"" }.joined(separator: ",") + "]"
    }
    guard let data = try? JSONEncoder().encode(artistMbids) else { return "[]" }
    return String(decoding: data, as: UTF8.self)
  }
}

extension TagError {
  /// The reason shown beside the path in the index report.
  var reason: String {
    switch self {
    case .unreadable(_, let reason): return "unreadable: \(reason)"
    case .empty: return "empty file"
    case .notMP3(_, let reason): return "not an MP3 file: \(reason)"
    case .truncated(_, let reason): return "truncated: \(reason)"
    case .invalid(_, let reason): return "invalid: \(reason)"
    }
  }
}

extension SongValues {
  /// The song columns of every single-valued tag, the audio properties and ReplayGain, in the order
  /// `bind(to:)` binds them: written beside the columns the indexer always wrote.
  static let tagColumns = [
    "date", "originalDate", "titleSort", "artistSort", "albumSort", "albumArtistSort", "composerSort", "ensemble", "work",
    "movement", "movementNumber", "movementTotal", "discSubtitle", "grouping", "catalogNumber", "barcode", "isrc",
    "comment", "lyrics", "bpm", "releaseTrackMbid", "releaseGroupMbid", "mixRampStart", "mixRampEnd", "tagVersions",
    "tagTitle", "tagArtist", "tagAlbum", "tagAlbumArtist", "derivedFields", "codec", "bitrate", "sampleRate",
    "bitsPerSample", "channels", "trackGain", "trackPeak", "albumGain", "albumPeak", "tagsStored",
    "tagTrackNumber", "tagDiscNumber", "tagDate", "tagGenre", "tagRecordingMbid", "creditApart",
    "mbidSpellings",
  ]

  /// The song columns the indexer writes, in this order: the ones it always wrote, then `tagColumns`.
  static let columns =
    [
      "path", "title", "artist", "album", "albumArtist", "artistId", "albumId", "trackNumber", "trackTotal", "discNumber",
      "discTotal", "year", "genre", "durationMs", "recordingMbid", "releaseMbid", "artistMbids", "isCompilation", "fileSize",
      "fileMtime", "audioHash", "source", "catalogueFingerprint",
    ] + tagColumns

  /// Binds the values of `columns`, in their order, to the next parameters of `statement`.
  func bind(to statement: inout BatchStatement, artistID: Int64?, albumID: Int64?) {
    statement.bind(path)
    statement.bind(title)
    statement.bind(artist)
    statement.bind(album)
    statement.bind(albumArtist)
    statement.bind(artistID)
    statement.bind(albumID)
    statement.bind(trackNumber)
    statement.bind(trackTotal)
    statement.bind(discNumber)
    statement.bind(discTotal)
    statement.bind(year)
    statement.bind(genre)
    statement.bind(durationMs)
    statement.bind(recordingMbid)
    statement.bind(releaseMbid)
    statement.bind(artistMbidsJSON)
    statement.bind(isCompilation)
    statement.bind(stamp.size)
    statement.bind(stamp.mtime)
    statement.bind(audioHash)
    statement.bind(source)
    statement.bind(catalogueFingerprint)
    // tagColumns, one bind a value: no list of them made per song.
    statement.bind(tags.date)
    statement.bind(tags.originalDate)
    statement.bind(tags.titleSort)
    statement.bind(tags.artistSort)
    statement.bind(tags.albumSort)
    statement.bind(tags.albumArtistSort)
    statement.bind(tags.composerSort)
    statement.bind(tags.ensemble)
    statement.bind(tags.work)
    statement.bind(tags.movement)
    statement.bind(tags.movementNumber)
    statement.bind(tags.movementTotal)
    statement.bind(tags.discSubtitle)
    statement.bind(tags.grouping)
    statement.bind(tags.catalogNumber)
    statement.bind(tags.barcode)
    statement.bind(tags.isrc)
    statement.bind(tags.comment)
    statement.bind(tags.lyrics)
    statement.bind(tags.bpm)
    statement.bind(tags.releaseTrackMbid)
    statement.bind(tags.releaseGroupMbid)
    statement.bind(tags.mixRampStart)
    statement.bind(tags.mixRampEnd)
    statement.bind(tags.versions.isEmpty ? nil : tags.versions.joined(separator: ", "))
    statement.bind(fileTitle)
    statement.bind(fileArtist)
    statement.bind(fileAlbum)
    statement.bind(fileAlbumArtist)
    statement.bind(derivedFields)
    statement.bind(audio.codec)
    statement.bind(audio.bitrate > 0 ? audio.bitrate : nil)
    statement.bind(audio.sampleRate > 0 ? audio.sampleRate : nil)
    statement.bind(audio.bitsPerSample)
    statement.bind(audio.channels > 0 ? audio.channels : nil)
    statement.bind(tags.replayGain.trackGain)
    statement.bind(tags.replayGain.trackPeak)
    statement.bind(tags.replayGain.albumGain)
    statement.bind(tags.replayGain.albumPeak)
    statement.bind(TagSchema.currentTags)
    statement.bind(fileTrackNumber)
    statement.bind(fileDiscNumber)
    statement.bind(fileDate)
    statement.bind(fileGenre)
    statement.bind(fileRecordingMbid)
    statement.bind(creditApart)
    statement.bind(mbidSpellingsJSON)
  }

  /// MBIDSpellingSchema's column: the id fields the file spells otherwise than canonically, as JSON; nil
  /// for a file that writes its ids canonically or has none.
  var mbidSpellingsJSON: String? {
    guard !tags.mbidsAsWritten.isEmpty else { return nil }
    let spelled = tags.mbidSpellings
    guard !spelled.isEmpty else { return nil }
    let object = Dictionary(uniqueKeysWithValues: spelled.map { ($0.key.rawValue, $0.value) })
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return (try? encoder.encode(object)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// CreditSchema's bits: which of the song's credits stand apart from the values stored for their tag.
  var creditApart: Int {
    (Self.apart(artist, from: tags.artists) ? CreditSchema.artistApart : 0)
      | (derivedFields & TagSchema.albumArtistFromArtist == 0 && Self.apart(albumArtist, from: tags.albumArtists)
        ? CreditSchema.albumArtistApart : 0)
  }

  /// Whether `credit` is not empty and not `names` joined with "; ", byte for byte (as SQLite compares
  /// the column with `group_concat` of the rows `writeTags` writes).
  static func apart(_ credit: String, from names: [String]) -> Bool {
    guard !credit.isEmpty else { return false }
    switch names.count {
    case 0: return true
    case 1: return !credit.utf8.elementsEqual(names[0].utf8)
    default: return !credit.utf8.elementsEqual(names.joined(separator: "; ").utf8)
    }
  }

  /// Binds the song's full-text row (Song.insertFullText's) to `statement`: its id and folded names.
  func bindFullText(to statement: inout BatchStatement, id: Int64) {
    statement.bind(id)
    statement.bind(FullTextFolding.fold(title))
    statement.bind(FullTextFolding.fold(artist))
    statement.bind(FullTextFolding.fold(album))
    statement.bind(FullTextFolding.fold(albumArtist))
    statement.bind(FullTextFolding.fold(genre))
  }

  /// What the areas sharing the database are told of the song (IndexedSongs).
  var indexedSong: IndexedSong { IndexedSong(path: path, recordingMbid: recordingMbid, artist: artist, title: title) }
}
