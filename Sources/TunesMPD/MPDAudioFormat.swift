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

extension MPDAudioFormat {
  /// What an `AudioFormat` filter asks of a song's format: each part a value, or nil for `*` (any).
  /// `==` takes a fully given format, `=~` a mask such as `44100:*:2`; a song matches when every part
  /// the filter gives equals the song's, as MPD's AudioFormatSongFilter decides.
  public struct Mask: Sendable, Hashable {
    public var sampleRate: Int?
    public var sample: Sample?
    public var channels: Int?

    public init(sampleRate: Int?, sample: Sample?, channels: Int?) {
      self.sampleRate = sampleRate
      self.sample = sample
      self.channels = channels
    }
  }

  /// Whether this format has every part `mask` gives.
  public func matches(_ mask: Mask) -> Bool {
    (mask.sampleRate.map { $0 == sampleRate } ?? true) && (mask.sample.map { $0 == sample } ?? true)
      && (mask.channels.map { $0 == channels } ?? true)
  }

  /// Reads `RATE:BITS:CHANNELS` (bits `8`, `16`, `24`, `32`, or `f` for floating point), `*` allowed
  /// for any part when `mask`; the errors are MPD's words for the same mistakes. Written by hand: three
  /// numbers and two colons, with MPD's limits (a rate below 2^30, 1 to 8 channels).
  public static func parseMask(_ text: String, mask: Bool) throws(MPDError) -> Mask {
    var rest = Substring(text)
    func number() -> Int? {
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty else { return nil }
      rest = rest.dropFirst(digits.count)
      return Int(digits) ?? Int.max
    }
    func star() -> Bool {
      guard mask, rest.first == "*" else { return false }
      rest = rest.dropFirst()
      return true
    }
    func colon(_ missing: String) throws(MPDError) {
      guard rest.first == ":" else { throw MPDError.argument(missing) }
      rest = rest.dropFirst()
    }
    var result = Mask(sampleRate: nil, sample: nil, channels: nil)
    if !star() {
      guard let rate = number() else { throw MPDError.argument("Failed to parse the sample rate") }
      guard rate > 0, rate < 1 << 30 else { throw MPDError.argument("Invalid sample rate: \(rate)") }
      result.sampleRate = rate
    }
    try colon("Sample format missing")
    if !star() {
      if rest.first == "f" {
        rest = rest.dropFirst()
        result.sample = .float
      } else {
        guard let bits = number() else { throw MPDError.argument("Failed to parse the sample format") }
        guard [8, 16, 24, 32].contains(bits) else { throw MPDError.argument("Invalid sample format: \(bits)") }
        // `24_3` is an old spelling of 24 bits MPD still reads.
        if bits == 24, rest.hasPrefix("_3") { rest = rest.dropFirst(2) }
        result.sample = .bits(bits)
      }
    }
    try colon("Channel count missing")
    if !star() {
      guard let channels = number() else { throw MPDError.argument("Failed to parse the channel count") }
      guard channels >= 1, channels <= 8 else { throw MPDError.argument("Invalid channel count: \(channels)") }
      result.channels = channels
    }
    guard rest.isEmpty else { throw MPDError.argument("Extra data after channel count: \(rest)") }
    return result
  }
}
