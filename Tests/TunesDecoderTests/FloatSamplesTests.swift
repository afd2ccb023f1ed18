// The float-to-16-bit rule of the Opus and AAC decoders, checked sample by sample against the rule as
// written (scale by 32768, clip to full scale, round to nearest with ties to even, no dither), computed
// here in Double: ties, the clipping edges, infinities, NaN, a sweep over the float range and the stride.
import Testing

@testable import TunesDecoder

@Suite struct FloatSamplesTests {
  /// The rule, in Double (where every scaled float and every tie is exact); NaN is silence.
  static func expected(_ sample: Float) -> Int16 {
    if sample.isNaN { return 0 }
    let scaled = min(max(Double(sample) * 32768, -32768), 32767)
    return Int16(scaled.rounded(.toNearestOrEven))
  }

  static func converted(_ samples: [Float]) -> [Int16] {
    var out = [Int16](repeating: 0x5555, count: samples.count)
    samples.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { FloatSamples.convert(source.baseAddress!, count: samples.count, to: $0.baseAddress!) }
    }
    return out
  }

  @Test func tiesRoundToEvenAndTheEdgesClip() {
    var samples: [Float] = [0, -0.0, 1, -1, 2, -2, 1.5e-5, -1.5e-5, .infinity, -.infinity, .greatestFiniteMagnitude]
    // Every half step from -4 to 4 LSB, and the half steps next to full scale.
    for half in -8...8 { samples.append(Float(half) / 65536) }
    for lsb in [32766.5, 32767.5, -32767.5, -32768.5] as [Float] { samples.append(lsb / 32768) }
    samples.append(contentsOf: [Float(32767) / 32768, Float(-32768) / 32768, Float(32767).nextUp / 32768])
    #expect(Self.converted(samples) == samples.map(Self.expected))
  }

  @Test func nanIsSilence() {
    #expect(Self.converted([.nan, -.nan, .signalingNaN, 0.5]) == [0, 0, 0, 16384])
  }

  @Test func aSweepOverEveryMagnitudeFollowsTheRule() {
    // About a million floats spread over every exponent and sign (the step is odd, so every low bit is hit).
    var samples: [Float] = []
    var bits: UInt64 = 0
    while bits < 1 << 32 {
      let sample = Float(bitPattern: UInt32(bits))
      if !sample.isNaN { samples.append(sample) }
      bits += 4099
    }
    let got = Self.converted(samples)
    let wrong = zip(samples, got).filter { Self.expected($0.0) != $0.1 }
    #expect(wrong.isEmpty, "\(wrong.prefix(5))")
  }

  @Test func aStrideWritesOneChannelOfAnInterleavedBuffer() {
    let left: [Float] = [0.25, -0.5, 0.75]
    var out = [Int16](repeating: 7, count: 6)
    left.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { FloatSamples.convert(source.baseAddress!, count: 3, to: $0.baseAddress!, stride: 2) }
    }
    #expect(out == [8192, 7, -16384, 7, 24576, 7])
  }
}
