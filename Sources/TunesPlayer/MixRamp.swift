// MixRamp, as MPD defines it: a song may carry MIXRAMP_START and MIXRAMP_END tags, each a list of
// "dB seconds" pairs separated by ';' giving, for rising loudness thresholds, how many seconds after the
// start (or before the end) the song first reaches that loudness. With `mixrampdb` (the threshold) and
// `mixrampdelay` (seconds taken off the overlap) set, two songs overlap for as long as both are quieter
// than the threshold: the incoming song's start time plus the outgoing song's end time at that level,
// minus the delay. Each song's ReplayGain shifts its own threshold, as MPD's CrossFade.cxx does, so a
// song made louder reaches the threshold sooner. The ramp lists are parsed here by hand: the format is
// MPD's own ("dB seconds;dB seconds;…", dB rising), with no library to read it.
import Foundation

/// `mixrampdb` and `mixrampdelay`: MixRamp is on while the delay is above 0 (and crossfade is on).
public struct MixRampSettings: Sendable, Equatable {
  /// The loudness threshold in dB (MPD's default 0).
  public var db: Float
  /// Seconds subtracted from the overlap; 0, a negative number or NaN turns MixRamp off (MPD's default -1).
  public var delay: Float

  public init(db: Float = 0, delay: Float = -1) {
    self.db = db
    self.delay = delay
  }

  /// As MPD's `IsMixRampEnabled`: NaN compares false, so it is off too.
  public var isOn: Bool { delay > 0 }
}

/// A song's MixRamp tags as the indexer stored them, nil where the song has none.
public struct SongMixRamp: Sendable, Equatable {
  public var start: String?
  public var end: String?

  public init(start: String? = nil, end: String? = nil) {
    self.start = start
    self.end = end
  }

  public static let none = SongMixRamp()
}

public enum MixRamp {
  /// The seconds at which the ramp list reaches `db`: an exact point, the first point when every point
  /// is louder, else the line between the last point quieter than `db` and the next louder one. nil
  /// when the list is malformed before an answer, or every point is quieter (MPD's -1).
  public static func seconds(in ramps: String, at db: Float) -> Float? {
    var last: (db: Float, seconds: Float)?
    for pair in ramps.split(separator: ";", omittingEmptySubsequences: false) {
      // MPD reads "DB SECONDS" (each number may follow blanks, the dB ends at one space, the seconds at the
      // ';' or the end) and stops at the first pair it cannot read.
      let parts = pair.drop { $0 == " " || $0 == "\t" }.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, let pointDB = Float(parts[0]),
        let pointSeconds = Float(parts[1].drop { $0 == " " || $0 == "\t" })
      else { return nil }
      if pointDB == db { return pointSeconds }
      if pointDB < db {
        last = (pointDB, pointSeconds)
        continue
      }
      guard let last else { return pointSeconds }
      return last.seconds + (db - last.db) * (pointSeconds - last.seconds) / (pointDB - last.db)
    }
    return nil
  }

  /// Seconds the incoming song overlaps the outgoing one under MixRamp, or nil for no overlap at all (a
  /// ramp that does not reach the threshold, or a delay longer than the overlap: MPD then plays the two
  /// one after the other). `gainDB`s: each song's ReplayGain as applied (0 with ReplayGain off).
  public static func overlap(
    start: String, previousEnd: String, settings: MixRampSettings, gainDB: Double, previousGainDB: Double
  ) -> Double? {
    guard let incoming = seconds(in: start, at: settings.db - Float(gainDB)),
      let outgoing = seconds(in: previousEnd, at: settings.db - Float(previousGainDB))
    else { return nil }
    let both = Double(incoming) + Double(outgoing)
    // A tag is the file's word: "inf" or "1e39" seconds reads as infinity, which no overlap can be.
    guard both.isFinite, incoming >= 0, outgoing >= 0, Double(settings.delay) <= both else { return nil }
    return both - Double(settings.delay)
  }
}
