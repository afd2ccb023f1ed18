// A song's ReplayGain as the player applies it: the values `tunes loudness` measured for the file as it
// is now, else those its tags gave the indexer; and its MixRamp tags. Read by the Player when it hands a
// song to the engine, so the audio thread never touches the database.
import GRDB
import TunesLibrary

enum SongGainReader {
  static func gain(_ db: Database, songID: Int64) throws -> SongGain {
    let sql = """
      SELECT s.trackGain, s.trackPeak, s.albumGain, s.albumPeak, l.trackGain, l.truePeak, l.albumGain, l.albumPeak
      FROM song s LEFT JOIN loudness l ON l.songId = s.id AND l.fileMtime IS s.fileMtime
      WHERE s.id = ?
      """
    guard let row = try Row.fetchOne(db, sql: sql, arguments: [songID]) else { return .none }
    var gain = SongGain()
    // A measured tuple wins as a whole, then a tagged one: `tunes loudness` was asked for by the user
    // and measured the file as it is now (same mtime), where a tag may be an encoder's estimate (the
    // LAME header's) or older than the file. A gain is never paired with the other source's peak.
    if let measured: Double = row[4] {
      gain.trackGain = measured
      gain.trackPeak = row[5]
    } else {
      gain.trackGain = row[0]
      gain.trackPeak = row[1]
    }
    if let measured: Double = row[6] {
      gain.albumGain = measured
      gain.albumPeak = row[7]
    } else {
      gain.albumGain = row[2]
      gain.albumPeak = row[3]
    }
    return gain
  }

  /// The song's MIXRAMP_START / MIXRAMP_END tags as the indexer stored them.
  static func mixRamp(_ db: Database, songID: Int64) throws -> SongMixRamp {
    guard let row = try Row.fetchOne(db, sql: "SELECT mixRampStart, mixRampEnd FROM song WHERE id = ?", arguments: [songID])
    else { return .none }
    return SongMixRamp(start: row[0], end: row[1])
  }
}
