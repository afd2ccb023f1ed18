// One song's EBU R128 measurement through libebur128: integrated loudness (gated, BS.1770) and true
// peak, and the album's loudness over every song of it measured together, gated as one programme (as
// rsgain and loudgain compute album gain). ReplayGain 2.0 gain is the −18 LUFS reference minus the
// loudness. The histogram mode keeps each state a few kilobytes however long the song, so an album's
// states can wait for its last song. The true peak is TruePeakMeter's: libebur128's own true-peak mode
// cost three quarters of a scan (its interpolation runs one tap at a time).
import CEBUR128
import TunesCore

public final class LoudnessMeter {
  /// ReplayGain 2.0's reference loudness.
  public static let referenceLUFS = -18.0

  private var state: UnsafeMutablePointer<ebur128_state>?
  private let peakMeter: TruePeakMeter
  public let format: AudioFormat

  public init(format: AudioFormat) throws(LoudnessError) {
    self.format = format
    let mode = Int32(EBUR128_MODE_I.rawValue | EBUR128_MODE_HISTOGRAM.rawValue)
    guard format.channels > 0, format.sampleRate > 0,
      let state = ebur128_init(UInt32(format.channels), UInt(format.sampleRate), mode)
    else { throw .meter("cannot measure \(format)") }
    self.state = state
    peakMeter = TruePeakMeter(channels: format.channels, sampleRate: format.sampleRate)
  }

  deinit {
    ebur128_destroy(&state)
  }

  /// Adds interleaved frames.
  public func add(_ samples: UnsafeBufferPointer<Int16>, frames: Int) {
    guard frames > 0, let base = samples.baseAddress else { return }
    _ = ebur128_add_frames_short(state, base, frames)
    peakMeter.add(samples, frames: frames)
  }
  /// Adds interleaved 32-bit frames (24-bit audio in the top bits, as the decoders deliver it).
  public func add(_ samples: UnsafeBufferPointer<Int32>, frames: Int) {
    guard frames > 0, let base = samples.baseAddress else { return }
    _ = ebur128_add_frames_int(state, base, frames)
    peakMeter.add(samples, frames: frames)
  }

  /// Integrated loudness, LUFS; −∞ when nothing rose above the absolute gate (silence).
  public var integratedLUFS: Double {
    var out = 0.0
    _ = ebur128_loudness_global(state, &out)
    return out
  }

  /// The highest true peak of any channel, linear.
  public var truePeak: Double { peakMeter.truePeak }

  /// The loudness of several songs as one programme.
  public static func integratedLUFS(of meters: [LoudnessMeter]) -> Double {
    var states = meters.map(\.state)
    var out = 0.0
    let status = ebur128_loudness_global_multiple(&states, states.count, &out)
    return status == 0 ? out : -.infinity
  }

  /// ReplayGain 2.0 gain for a loudness, dB.
  public static func gain(lufs: Double) -> Double { referenceLUFS - lufs }
}
