// What the library knows of a song's level, for the player's gain stage and the views: the ReplayGain
// its tags gave the indexer, what `tunes loudness` measured of the file as it is now (a measurement of
// the file before it changed is left out), and its MixRamp tags. The join of the songs with the
// measurements is here because both tables are the library's; which source applies is the player's
// choice (SongGainChoice in TunesPlayer).
import GRDB
import TunesTags

/// ReplayGain values as stored (dB of gain and linear peak, nil where unknown): the same four values
/// the tags carry, whether they came from a tag or a measurement.
public typealias StoredGain = ReplayGainTags

/// Both stored sources of a song's gain.
public struct SongLevels: Sendable, Equatable {
  /// What the file's tags gave the indexer (a ReplayGain tag, or an MP3's LAME header estimate).
  public var tagged: StoredGain
  /// What `tunes loudness` measured of the file as it is now; empty when it has not, or the file changed since.
  public var measured: StoredGain
}

extension Song {
  /// Both sources of each song's gain, by song id (songs not in the library are left out).
  public static func levels(_ db: Database, ids: [Int64]) throws -> [Int64: SongLevels] {
    var found: [Int64: SongLevels] = [:]
    // SQLite takes at most 32,766 variables a statement; a listing of the library may name more songs.
    for start in stride(from: 0, to: ids.count, by: 10_000) {
      let chunk = Array(ids[start..<min(start + 10_000, ids.count)])
      let sql = """
        SELECT s.id, s.trackGain, s.trackPeak, s.albumGain, s.albumPeak, l.trackGain, l.truePeak, l.albumGain, l.albumPeak
        FROM song s LEFT JOIN loudness l ON l.songId = s.id AND l.fileMtime IS s.fileMtime
        WHERE s.id IN (\(chunk.map { _ in "?" }.joined(separator: ",")))
        """
      for row in try Row.fetchAll(db, sql: sql, arguments: StatementArguments(chunk)) {
        found[row[0]] = SongLevels(
          tagged: StoredGain(trackGain: row[1], trackPeak: row[2], albumGain: row[3], albumPeak: row[4]),
          measured: StoredGain(trackGain: row[5], trackPeak: row[6], albumGain: row[7], albumPeak: row[8]))
      }
    }
    return found
  }

  /// The song's MIXRAMP_START / MIXRAMP_END tags as the indexer stored them (nil for a song not indexed).
  public static func mixRamp(_ db: Database, id: Int64) throws -> (start: String?, end: String?)? {
    try Row.fetchOne(db, sql: "SELECT mixRampStart, mixRampEnd FROM song WHERE id = ?", arguments: [id]).map {
      ($0[0], $0[1])
    }
  }
}

extension Library {
  /// Both sources of each song's gain, by song id, from one snapshot.
  public func levels(forSongs ids: [Int64]) throws -> [Int64: SongLevels] {
    try pool.read { try Song.levels($0, ids: ids) }
  }

  /// The song's MixRamp tags; nil for a song not indexed.
  public func mixRamp(forSong id: Int64) throws -> (start: String?, end: String?)? {
    try pool.read { try Song.mixRamp($0, id: id) }
  }
}
