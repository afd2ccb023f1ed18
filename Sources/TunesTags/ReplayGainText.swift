// ReplayGain values as text tags write them ("-6.54 dB", "0.988547") and Opus's R128 gains (Q7.8
// integers), turned into the numbers of ReplayGainTags.

enum ReplayGainText {
  /// "-6.54 dB", "+1.2 dB" or "-6.54": the number, the unit ignored; nil when there is no number.
  static func decibels(_ text: String) -> Double? {
    var s = text.trimmingSpaces()
    for unit in [" dB", "dB", " LU", "LU"] where s.hasSuffix(unit) {
      s = String(s.dropLast(unit.count)).trimmingSpaces()
      break
    }
    return number(s)
  }

  /// A plain decimal number ("0.988547", "+1.5"); nil for anything else, so garbage never becomes a gain.
  static func number(_ text: String) -> Double? {
    let s = text.trimmingSpaces()
    let body = s.hasPrefix("+") ? String(s.dropFirst()) : s
    guard let value = Double(body), value.isFinite else { return nil }
    return value
  }

  /// An R128 gain: a signed decimal integer, dB times 256 (RFC 7845 section 5.2.1).
  static func q78(_ text: String) -> Int? {
    let s = text.trimmingSpaces()
    guard let value = Int(s), value >= -32768, value <= 32767 else { return nil }
    return value
  }

  /// Opus gains aim at EBU R128's -23 LUFS, ReplayGain at -18 LUFS (as MPD, rsgain and loudgain take it):
  /// a ReplayGain value is the R128 one plus 5 dB.
  static let r128ToReplayGain = 5.0

  /// The ReplayGain dB for a Q7.8 R128 gain. Opus's R128 tags are relative to audio with the header's
  /// output gain applied, which every decoder (opusdec, opusfile, libavcodec) does by default, so the
  /// output gain is not added: the value applies to what the decoder outputs.
  static func replayGain(q78 value: Int) -> Double {
    Double(value) / 256 + r128ToReplayGain
  }
}
