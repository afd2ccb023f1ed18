// Float samples (full scale ±1.0) to 16-bit, for the decoders whose libraries give floats (libopusfile,
// FFmpeg's AAC): scaled by 32768, clipped to full scale and rounded to nearest, ties to even, with no
// dither, which is `opusdec --no-dither`'s rule and what the decoders' tests compare against.
//
// Why not `Float.rounded(.toNearestOrEven)`: on the x86-64 baseline Swift compiles it to a call of libm's
// `rintf` for every sample, which also keeps the loop from being vectorised; that was 0.018 CPU s per
// minute of 48 kHz stereo, about 5% of what playing an Opus file costs. Adding 1.5 × 2^23 to a value of
// magnitude under 2^22 leaves its nearest integer (the hardware rounds ties to even) in the low bits of
// the sum, so the same result comes from an addition and a bit copy that the compiler vectorises.
enum FloatSamples {
  /// 1.5 × 2^23: a float in [2^23, 2^24) has a spacing of exactly 1, and the 0.5 × 2^23 keeps negative
  /// values in that range too, so the sum's low 16 bits are the rounded value in two's complement.
  private static let roundingBias: Float = 12_582_912

  /// Converts `count` samples from `source` into `out`, writing every `stride`-th sample (1: contiguous;
  /// the channel count: one channel of an interleaved buffer from a planar source). NaN becomes silence.
  @inline(__always)
  static func convert(_ source: UnsafePointer<Float>, count: Int, to out: UnsafeMutablePointer<Int16>, stride: Int = 1) {
    for index in 0..<count {
      var value = source[index] * 32768
      value = value == value ? value : 0
      value = value < 32767 ? value : 32767
      value = value > -32768 ? value : -32768
      out[index &* stride] = Int16(truncatingIfNeeded: (value + roundingBias).bitPattern)
    }
  }
}
