// Gives playlist entries whose song had left the index their song back when it returns: same path,
// else same recording MBID, else same artist and title (case and diacritics folded). The playlists
// area's hook on the indexer (PlaylistSchema.area): the library reports the songs it wrote, this relinks.
import Foundation
import GRDB
import TunesLibrary

enum PlaylistRelinker {
  /// Runs inside the indexer's batch transaction with the songs that batch wrote. Costs one indexed
  /// lookup when no entry is unlinked, which is the usual case.
  static func relink(_ db: Database, songs: IndexedSongs) throws {
    guard !songs.isEmpty,
      try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM playlistItem WHERE songId IS NULL)") == true
    else { return }
    struct Unlinked { var id: Int64; var path: String; var mbid: String?; var artist: String?; var title: String? }
    let rows = try Row.fetchAll(db, sql: "SELECT id, path, recordingMbid, artist, title FROM playlistItem WHERE songId IS NULL")
    var byPath: [String: [Int64]] = [:]
    var byMbid: [String: [Int64]] = [:]
    var byName: [String: [Int64]] = [:]
    for row in rows {
      let item = Unlinked(id: row[0], path: row[1], mbid: row[2], artist: row[3], title: row[4])
      byPath[item.path, default: []].append(item.id)
      if let mbid = item.mbid, !mbid.isEmpty { byMbid[mbid.lowercased(), default: []].append(item.id) }
      if let artist = item.artist, let title = item.title {
        byName[NameFolding.fold(artist) + "\u{1F}" + NameFolding.fold(title), default: []].append(item.id)
      }
    }
    var linked = Set<Int64>()
    let link = try db.cachedStatement(sql: "UPDATE playlistItem SET songId = ? WHERE id = ? AND songId IS NULL")
    func attach(_ items: [Int64]?, to songID: Int64) throws {
      for item in items ?? [] where !linked.contains(item) {
        try link.execute(arguments: [songID, item])
        linked.insert(item)
      }
    }
    // Strongest evidence first, over all songs of the batch, so a path match is never taken by a name match.
    try songs.forEach { id, song in try attach(byPath[song.path], to: id) }
    try songs.forEach { id, song in if let mbid = song.recordingMbid { try attach(byMbid[mbid.lowercased()], to: id) } }
    try songs.forEach { id, song in
      try attach(byName[NameFolding.fold(song.artist) + "\u{1F}" + NameFolding.fold(song.title)], to: id)
    }
  }
}

/// Folds case and diacritics the way the library's full-text index does, for matching names outside it.
/// (SongMatcher folds width and inner spaces too; the indexer's relinking has always used this one.)
enum NameFolding {
  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
