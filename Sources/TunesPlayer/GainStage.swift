// The one place where a song's ReplayGain, the preamps, the clipping limit and the software volume
// become a single scale factor, and where that factor is applied to PCM. Doing both in one step means
// one rounding per sample, and a factor of exactly 1 (mode off or 0 dB, volume 100) leaves the decoder's
// samples untouched, byte for byte. The rules follow MPD's ReplayGain filter: the chosen tuple (track or
// album, falling back to the other), gain plus preamp, reduced so that peak × scale stays at or under
// full scale when the limit is on, and the "missing" preamp alone for a song with no gain at all.
import Foundation
import TunesLibrary

/// Which ReplayGain values apply (MPD's `replay_gain_mode`).
public enum ReplayGainMode: String, Sendable, CaseIterable, Codable {
  case off, track, album
  /// Album gain while the queue plays in order, track gain while random is on (as MPD's auto).
  case auto

  /// What `auto` stands for given the random option; the other modes stand for themselves.
  public func effective(random: Bool) -> ReplayGainMode {
    guard self == .auto else { return self }
    return random ? .track : .album
  }
}

// A song's ReplayGain values are the library's `StoredGain` (the tags' `ReplayGainTags`): the same four
// numbers whether a tag or a measurement gave them, so the gain stage takes them as the library hands
// them over, with no copy of its own to keep in step.
extension StoredGain {
  /// No gain known: the engine applies the missing preamp (or nothing, with ReplayGain off).
  public static let none = StoredGain()

  /// The gain and peak `mode` uses: its own tuple, else the other one (MPD falls back the same way).
  func tuple(for mode: ReplayGainMode) -> (gain: Double, peak: Double?)? {
    let track = trackGain.map { ($0, trackPeak) }
    let album = albumGain.map { ($0, albumPeak) }
    switch mode {
    case .off: return nil
    case .album: return album ?? track
    case .track, .auto: return track ?? album
    }
  }
}

/// The ReplayGain options (MPD's `replay_gain_mode`, `replaygain_preamp`, `replaygain_missing_preamp`,
/// `replaygain_limit`).
public struct ReplayGainSettings: Sendable, Equatable {
  public var mode: ReplayGainMode
  /// dB added to a tagged song's gain.
  public var preamp: Double
  /// dB applied to a song with no gain at all.
  public var missingPreamp: Double
  /// Keeps peak × scale at or under 1.
  public var limit: Bool

  /// The preamps' range, as MPD accepts them.
  public static let preampRange = -15.0...15.0

  public init(mode: ReplayGainMode = .off, preamp: Double = 0, missingPreamp: Double = 0, limit: Bool = true) {
    self.mode = mode
    self.preamp = preamp
    self.missingPreamp = missingPreamp
    self.limit = limit
  }
}

public enum GainStage {
  /// The linear factor ReplayGain asks for: 1 when `mode` (already resolved from auto) is off.
  public static func replayGainScale(_ gain: StoredGain, mode: ReplayGainMode, settings: ReplayGainSettings) -> Double {
    guard mode != .off else { return 1 }
    guard let (db, peak) = gain.tuple(for: mode) else { return pow(10, settings.missingPreamp / 20) }
    var scale = pow(10, (db + settings.preamp) / 20)
    if settings.limit, let peak, peak > 0, scale * peak > 1 { scale = 1 / peak }
    return scale
  }

  /// Volume and ReplayGain together: the one factor the engine applies.
  public static func scale(volume: Int, replayGain: Double) -> Double {
    PlaybackEngine.gain(volume: volume) * replayGain
  }

  /// Fractional bits of the fixed-point factor for 16-bit samples.
  static let fractionBits = 16

  /// Scales `count` interleaved 16-bit samples in place, rounding to nearest and clipping to full scale.
  /// A factor of exactly 1 returns at once: the samples stay as decoded.
  public static func apply(_ scale: Double, to buffer: UnsafeMutableBufferPointer<Int16>, count: Int) {
    guard scale != 1 else { return }
    // Bounded so that a sample times the factor stays well inside Int64.
    let factor = Int64((min(max(scale, 0), 32_768) * Double(1 << fractionBits)).rounded())
    let half = Int64(1) << (fractionBits - 1)
    for index in 0..<min(count, buffer.count) {
      let scaled = (Int64(buffer[index]) * factor + half) >> fractionBits
      buffer[index] = Int16(clamping: scaled)
    }
  }

  /// The same for wider samples (24-bit in 32, or 32-bit; `bits` is the significant width): computed in
  /// Double, whose 53-bit mantissa holds any such sample exactly, so the only rounding is the final one.
  public static func apply<Sample: FixedWidthInteger & SignedInteger>(
    _ scale: Double, to buffer: UnsafeMutableBufferPointer<Sample>, count: Int, bits: Int = Sample.bitWidth
  ) {
    guard scale != 1 else { return }
    precondition(bits <= 32 && bits <= Sample.bitWidth, "samples of up to 32 bits")
    let high = Double((Int64(1) << (bits - 1)) - 1)
    let low = -Double(Int64(1) << (bits - 1))
    for index in 0..<min(count, buffer.count) {
      let scaled = (Double(buffer[index]) * scale).rounded()
      buffer[index] = Sample(min(max(scaled, low), high))
    }
  }
}
