// The columns of one song row as the indexer derives them from a file's tags and its catalogue entry:
// the catalogue's names win where it has them, the tags fill in the rest.
import Foundation
import TunesCore
import TunesTags

struct SongValues: Sendable {
  var path: String
  var title: String
  var artist: String
  var album: String
  var albumArtist: String
  var trackNumber: Int?
  var trackTotal: Int?
  var discNumber: Int?
  var discTotal: Int?
  var year: Int?
  var genre: String?
  var durationMs: Int?
  var recordingMbid: String?
  var releaseMbid: String?
  var artistMbids: [String]
  var isCompilation: Bool
  var stamp: FileStamp
  var audioHash: String?
  var source: String
  var catalogueFingerprint: String?
  var coverPath: String?

  init(path: String, stamp: FileStamp, metadata: FileMetadata, entry: CatalogueEntry?, folderCover: String?) {
    let tags = metadata.tags
    let clean = SongValues.clean
    self.path = path
    title = clean(entry?.title) ?? clean(tags.title) ?? PathText.stem(of: path)
    artist = clean(entry?.artist) ?? clean(tags.artist) ?? ""
    album = clean(entry?.album) ?? clean(tags.album) ?? ""
    albumArtist = clean(entry?.albumArtist) ?? clean(tags.albumArtist) ?? artist
    trackNumber = entry?.trackNumber ?? tags.trackNumber
    trackTotal = tags.trackTotal
    discNumber = entry?.discNumber ?? tags.discNumber
    discTotal = tags.discTotal
    year = entry?.year ?? tags.year
    genre = clean(entry?.genre) ?? clean(tags.genres.joined(separator: "; "))
    // The measured length is exact; the catalogue's is only a fallback.
    durationMs = metadata.audio.durationMs > 0 ? metadata.audio.durationMs : entry?.durationMs
    recordingMbid = clean(entry?.recordingMbid) ?? clean(tags.recordingMbid)
    releaseMbid = clean(tags.releaseMbid)
    artistMbids = tags.artistMbids
    isCompilation = tags.isCompilation
    self.stamp = stamp
    audioHash = metadata.audio.audioHash.isEmpty ? nil : metadata.audio.audioHash
    source = entry == nil ? "scan" : "both"
    catalogueFingerprint = entry.map { Fingerprint.text($0.fingerprint) }
    coverPath = entry?.coverPath ?? folderCover
  }

  /// Trimmed of white space; nil when nothing is left.
  static func clean(_ text: String?) -> String? {
    guard let trimmed = text?.trimmingEnds(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
    return trimmed
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
