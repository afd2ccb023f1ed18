// Durations and bitrates worked out from sample counts, shared by the FLAC, Ogg and MP4 readers.

/// Durations and bitrates from sample counts, shared by the FLAC, Ogg and MP4 readers.
enum StreamMath {
  static func milliseconds(samples: Int, rate: Int) -> Int {
    rate > 0 ? Int((Double(samples) * 1000 / Double(rate)).rounded()) : 0
  }

  /// Average kbit/s of `bytes` of audio lasting `samples` at `rate`; 0 when the length is unknown.
  static func kbps(bytes: Int, samples: Int, rate: Int) -> Int {
    guard samples > 0, rate > 0 else { return 0 }
    return Int((Double(bytes) * 8 * Double(rate) / Double(samples) / 1000).rounded())
  }
}
