// A song's ReplayGain as the player applies it, and where it came from: the values `tunes loudness`
// measured for the file as it is now, else those its tags gave the indexer (a ReplayGain tag, or for an
// MP3 without one the estimate in its LAME header), both as the library keeps them (SongLevels); and its
// MixRamp tags. `SongGainChoice` is the one
// decision: the player reads `applied` when it hands a song to the engine (so the audio thread never
// touches the database), and `tunes info` and `tunes ls songs --json` show the same choice.
import Foundation
import TunesLibrary

/// A song's gain from both sources and the choice between them.
public struct SongGainChoice: Sendable, Equatable {
  public enum Source: String, Sendable {
    case measured, tagged
  }

  /// What the file's tags gave the indexer.
  public var tagged: StoredGain
  /// What `tunes loudness` measured for the file as it is now (nothing for a file changed since).
  public var measured: StoredGain

  public init(tagged: StoredGain = .none, measured: StoredGain = .none) {
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
  public var applied: StoredGain {
    var gain = StoredGain()
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
  static func gain(in library: Library, songID: Int64) throws -> StoredGain {
    try choices(in: library, songIDs: [songID])[songID]?.applied ?? .none
  }

  /// Both sources of each song's gain, by song id, for the views (songs not in the library are left out).
  public static func choices(in library: Library, songIDs: [Int64]) throws -> [Int64: SongGainChoice] {
    try library.levels(forSongs: songIDs).mapValues {
      SongGainChoice(tagged: $0.tagged, measured: $0.measured)
    }
  }

  /// The song's MIXRAMP_START / MIXRAMP_END tags as the indexer stored them.
  static func mixRamp(in library: Library, songID: Int64) throws -> SongMixRamp {
    try library.mixRamp(forSong: songID).map { SongMixRamp(start: $0.start, end: $0.end) } ?? .none
  }
}
