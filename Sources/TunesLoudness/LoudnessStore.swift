// Reads which songs need measuring and keeps what `tunes loudness` measured, through the library, which
// owns the measurements area (TunesLibrary's LoudnessSchema).
// Work is chosen album by album: an album with any song unmeasured (or measured before its file
// changed) is measured whole, since its album gain depends on every song; `force` measures all again.
import Foundation
import TunesLibrary

public enum LoudnessStore {
  /// The songs to measure among `songIDs` (nil: the whole library), extended to their whole albums, in
  /// groups by album, with how many songs were skipped as already measured.
  public static func pending(_ library: Library, songIDs: Set<Int64>?, force: Bool) throws -> (
    groups: [LoudnessScan.Group], skipped: Int
  ) {
    struct Row: Hashable {
      var item: LoudnessItem
      var album: String
      var albumArtist: String
      var fresh: Bool
      func hash(into hasher: inout Hasher) { hasher.combine(item.songID) }
      static func == (a: Row, b: Row) -> Bool { a.item.songID == b.item.songID }
    }
    let rows: [Row]
    do {
      rows = try library.loudnessCandidates().map {
        Row(
          item: LoudnessItem(songID: $0.songID, path: $0.path, fileMtime: $0.fileMtime), album: $0.album,
          albumArtist: $0.albumArtist, fresh: $0.isMeasured)
      }
    } catch {
      throw LoudnessError.store("cannot read the songs: \(error)")
    }
    // Albums the selection touches are taken whole.
    var albums: [String: [Row]] = [:]
    var order: [String] = []
    var singles: [Row] = []
    let key = { (row: Row) in row.albumArtist + "\u{0}" + row.album }
    let chosenAlbums = Set(rows.filter { songIDs?.contains($0.item.songID) ?? true }.filter { !$0.album.isEmpty }.map(key))
    for row in rows {
      if row.album.isEmpty {
        if songIDs?.contains(row.item.songID) ?? true { singles.append(row) }
      } else if chosenAlbums.contains(key(row)) {
        if albums[key(row)] == nil { order.append(key(row)) }
        albums[key(row), default: []].append(row)
      }
    }
    var groups: [LoudnessScan.Group] = []
    var skipped = 0
    for album in order {
      let songs = albums[album] ?? []
      if force || songs.contains(where: { !$0.fresh }) {
        groups.append(LoudnessScan.Group(items: songs.map(\.item), isAlbum: true))
      } else {
        skipped += songs.count
      }
    }
    for single in singles {
      if force || !single.fresh {
        groups.append(LoudnessScan.Group(items: [single.item], isAlbum: false))
      } else {
        skipped += 1
      }
    }
    return (groups, skipped)
  }

  /// Keeps one group's results in one transaction, replacing what was kept for every song of the group:
  /// a song that gave no value this time (damaged, silent) keeps none from before either.
  public static func save(_ outcome: LoudnessOutcome, in library: Library, at date: Date = Date()) throws {
    let measurements = outcome.results.map { r in
      LoudnessMeasurement(
        songID: r.item.songID, fileMtime: r.item.fileMtime, integratedLUFS: r.integratedLUFS, truePeak: r.truePeak,
        trackGain: r.trackGain, albumLUFS: r.albumLUFS, albumGain: r.albumGain, albumPeak: r.albumPeak)
    }
    do {
      try library.replaceLoudness(of: outcome.items.map(\.songID), with: measurements, at: date)
    } catch {
      throw LoudnessError.store("cannot save: \(error)")
    }
  }

  /// The stored measurement of a song (for `tunes loudness` listings and tests).
  public static func measurement(_ library: Library, songID: Int64) throws -> (
    lufs: Double, peak: Double, gain: Double, albumGain: Double?
  )? {
    try library.loudness(ofSong: songID).map { ($0.integratedLUFS, $0.truePeak, $0.trackGain, $0.albumGain) }
  }
}
