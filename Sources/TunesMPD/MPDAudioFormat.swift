// The format of the audio a decoder produces, as MPD's `status` writes it in `audio:`
// (`44100:16:2`; `48000:f:2` for floating-point samples, `dsd64` for DSD), so a backend reports what it
// decodes rather than a preformatted string.

public struct MPDAudioFormat: Sendable, Hashable, CustomStringConvertible {
  public enum Sample: Sendable, Hashable {
    /// Integer samples of this many bits (8, 16, 24, 32).
    case bits(Int)
    /// 32-bit floating point: MPD writes `f`.
    case float
  }

  public var sampleRate: Int
  public var sample: Sample
  public var channels: Int

  public init(sampleRate: Int, sample: Sample, channels: Int) {
    self.sampleRate = sampleRate
    self.sample = sample
    self.channels = channels
  }

  public var description: String {
    switch sample {
    case .bits(let bits): return "\(sampleRate):\(bits):\(channels)"
    case .float: return "\(sampleRate):f:\(channels)"
    }
  }
}
