// A song's ReplayGain as the player applies it, and where it came from: the values `tunes loudness`
// measured for the file as it is now, else those its tags gave the indexer (a ReplayGain tag, or for an
// MP3 without one the estimate in its LAME header); and its MixRamp tags. `SongGainChoice` is the one
// decision: the player reads `applied` when it hands a song to the engine (so the audio thread never
// touches the database), and `tunes info` and `tunes ls songs --json` show the same choice.
import Foundation
import GRDB
import TunesLibrary

/// A song's gain from both sources and the choice between them.
public struct SongGainChoice: Sendable, Equatable {
  public enum Source: String, Sendable {
    case measured, tagged
  }

  /// What the file's tags gave the indexer.
  public var tagged: SongGain
  /// What `tunes loudness` measured for the file as it is now (nothing for a file changed since).
  public var measured: SongGain

  public init(tagged: SongGain = .none, measured: SongGain = .none) {
    self.tagged = tagged
    self.measured = measured
  }

  /// Where the applied track tuple comes from; nil when neither source has one.
  public var trackSource: Source? { measured.trackGain != nil ? .measured : tagged.trackGain != nil ? .tagged : nil }
  /// Where the applied album tuple comes from.
  public var albumSource: Source? { measured.albumGain != nil ? .measured : tagged.albumGain != nil ? .tagged : nil }

  /// What the player applies. A measured tuple wins as a whole, then a tagged one: `tunes loudness` was
  /// asked for by the user and measured the file as it is now, where a tag may be an encoder's estimate
  /// (the LAME header's) or older than the file. A gain is never paired with the other source's peak.
  public var applied: SongGain {
    var gain = SongGain()
    let track = trackSource == .measured ? measured : tagged
    gain.trackGain = track.trackGain
    gain.trackPeak = track.trackPeak
    let album = albumSource == .measured ? measured : tagged
    gain.albumGain = album.albumGain
    gain.albumPeak = album.albumPeak
    return gain
  }

  /// The dB the player applies under `settings` with the random option `random` (which `auto` follows):
  /// the chosen tuple plus the preamp, lowered by the limit, or the missing preamp; 0 when off.
  public func appliedDB(_ settings: ReplayGainSettings, random: Bool) -> Double {
    let mode = settings.mode.effective(random: random)
    return 20 * log10(GainStage.replayGainScale(applied, mode: mode, settings: settings))
  }
}

public enum SongGainReader {
  /// The song's gain as the player applies it.
  static func gain(_ db: Database, songID: Int64) throws -> SongGain {
    try choices(db, songIDs: [songID])[songID]?.applied ?? .none
  }

  /// Both sources of each song's gain, by song id, for the views.
  public static func choices(in library: Library, songIDs: [Int64]) throws -> [Int64: SongGainChoice] {
    try library.database(for: .playState).read { try choices($0, songIDs: songIDs) }
  }

  /// Both sources of each song's gain, by song id (songs not in the library are left out).
  public static func choices(_ db: Database, songIDs: [Int64]) throws -> [Int64: SongGainChoice] {
    var found: [Int64: SongGainChoice] = [:]
    // SQLite takes at most 32,766 variables a statement; a listing of the library may name more songs.
    for start in stride(from: 0, to: songIDs.count, by: 10_000) {
      let ids = Array(songIDs[start..<min(start + 10_000, songIDs.count)])
      let sql = """
        SELECT s.id, s.trackGain, s.trackPeak, s.albumGain, s.albumPeak, l.trackGain, l.truePeak, l.albumGain, l.albumPeak
        FROM song s LEFT JOIN loudness l ON l.songId = s.id AND l.fileMtime IS s.fileMtime
        WHERE s.id IN (\(ids.map { _ in "?" }.joined(separator: ",")))
        """
      for row in try Row.fetchAll(db, sql: sql, arguments: StatementArguments(ids)) {
        let tagged = SongGain(trackGain: row[1], trackPeak: row[2], albumGain: row[3], albumPeak: row[4])
        let measured = SongGain(trackGain: row[5], trackPeak: row[6], albumGain: row[7], albumPeak: row[8])
        found[row[0]] = SongGainChoice(tagged: tagged, measured: measured)
      }
    }
    return found
  }

  /// The song's MIXRAMP_START / MIXRAMP_END tags as the indexer stored them.
  static func mixRamp(_ db: Database, songID: Int64) throws -> SongMixRamp {
    guard let row = try Row.fetchOne(db, sql: "SELECT mixRampStart, mixRampEnd FROM song WHERE id = ?", arguments: [songID])
    else { return .none }
    return SongMixRamp(start: row[0], end: row[1])
  }
}
