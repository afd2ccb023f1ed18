// A song's ReplayGain as the player applies it: the values its file's tags gave the indexer, and where
// a tuple is untagged, the one `tunes loudness` measured for the file as it is now. Read by the Player
// when it hands a song to the engine, so the audio thread never touches the database.
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
    // A tagged tuple wins as a whole: a tagged gain is never paired with a measured peak.
    if let tagged: Double = row[0] {
      gain.trackGain = tagged
      gain.trackPeak = row[1]
    } else {
      gain.trackGain = row[4]
      gain.trackPeak = row[5]
    }
    if let tagged: Double = row[2] {
      gain.albumGain = tagged
      gain.albumPeak = row[3]
    } else {
      gain.albumGain = row[6]
      gain.albumPeak = row[7]
    }
    return gain
  }
}
