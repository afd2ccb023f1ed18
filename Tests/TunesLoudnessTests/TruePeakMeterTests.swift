// TruePeakMeter against libebur128's own true-peak mode (which loudgain and rsgain use) on the same
// samples: signals with large peaks between samples (tones near the Nyquist frequency), at 44.1 and
// 96 kHz, 16 and 32-bit, fed in blocks of odd sizes (some shorter than the filter's history) so the
// history crosses block borders, and a quiet stretch before a loud one so the skipping of quiet
// stretches is exercised. The two must agree to float precision.
import CEBUR128
import Foundation
import Testing

@testable import TunesLoudness

@Suite struct TruePeakMeterTests {
  /// Interleaved samples of a tone at `hz` (phase-shifted per channel) whose amplitude steps up halfway.
  func tone(rate: Int, hz: Double, frames: Int, channels: Int, amplitude: Double) -> [Double] {
    var out: [Double] = []
    out.reserveCapacity(frames * channels)
    for frame in 0..<frames {
      let level = frame < frames / 2 ? amplitude * 0.2 : amplitude
      for channel in 0..<channels {
        out.append(level * sin(2 * Double.pi * hz * Double(frame) / Double(rate) + 0.7 * Double(channel + 1)))
      }
    }
    return out
  }

  /// libebur128's true peak of the samples, over every channel.
  func reference<S>(_ samples: [S], rate: Int, channels: Int, add: (OpaquePointer?, UnsafePointer<S>, Int) -> Void) -> Double {
    let mode = Int32(EBUR128_MODE_TRUE_PEAK.rawValue)
    var state = ebur128_init(UInt32(channels), UInt(rate), mode)
    defer { ebur128_destroy(&state) }
    samples.withUnsafeBufferPointer { add(OpaquePointer(state), $0.baseAddress!, samples.count / channels) }
    var highest = 0.0
    for channel in 0..<channels {
      var peak = 0.0
      _ = ebur128_true_peak(state, UInt32(channel), &peak)
      highest = max(highest, peak)
    }
    return highest
  }

  /// Feeds TruePeakMeter in blocks of `block` frames.
  func measured<S>(
    _ samples: [S], rate: Int, channels: Int, block: Int = 997, add: (TruePeakMeter, UnsafeBufferPointer<S>, Int) -> Void
  )
    -> Double
  {
    let meter = TruePeakMeter(channels: channels, sampleRate: rate)
    let frames = samples.count / channels
    samples.withUnsafeBufferPointer { all in
      var start = 0
      while start < frames {
        let count = min(block, frames - start)
        add(meter, UnsafeBufferPointer(rebasing: all[(start * channels)..<((start + count) * channels)]), count)
        start += count
      }
    }
    return meter.truePeak
  }

  @Test(arguments: [(44_100, 19_000.0, 2), (44_100, 11_025.0 + 17, 1), (96_000, 40_000.0, 2), (48_000, 997.0, 2)])
  func sixteenBitAgreesWithLibebur128(rate: Int, hz: Double, channels: Int) {
    let samples = tone(rate: rate, hz: hz, frames: rate, channels: channels, amplitude: 0.9).map {
      Int16(($0 * 32_767).rounded())
    }
    let expected = reference(samples, rate: rate, channels: channels) { state, base, frames in
      _ = ebur128_add_frames_short(UnsafeMutablePointer(state), base, frames)
    }
    let got = measured(samples, rate: rate, channels: channels) { $0.add($1, frames: $2) }
    #expect(abs(got - expected) <= expected * 1e-5, "tunes \(got), libebur128 \(expected)")
  }

  @Test func aPeakBetweenSamplesIsFound() {
    // A tone at a quarter of the rate, a eighth of a turn off: every sample is ±0.9/√2, the wave peaks at 0.9.
    let samples = (0..<44_100).map { n in Int16((0.9 * 32_767 * sin(Double.pi / 2 * Double(n) + Double.pi / 4)).rounded()) }
    let got = measured(samples, rate: 44_100, channels: 1) { $0.add($1, frames: $2) }
    let expected = reference(samples, rate: 44_100, channels: 1) { state, base, frames in
      _ = ebur128_add_frames_short(UnsafeMutablePointer(state), base, frames)
    }
    #expect(abs(got - expected) <= expected * 1e-5, "tunes \(got), libebur128 \(expected)")
    #expect(got > 0.88 && Double(samples.max()!) / 32_768 < 0.65)
  }

  @Test func thirtyTwoBitAgreesWithLibebur128() {
    let rate = 44_100
    let samples = tone(rate: rate, hz: 18_000, frames: rate, channels: 2, amplitude: 0.95).map {
      Int32(($0 * 2_147_483_000).rounded())
    }
    let expected = reference(samples, rate: rate, channels: 2) { state, base, frames in
      _ = ebur128_add_frames_int(UnsafeMutablePointer(state), base, frames)
    }
    // Blocks shorter than the filter's history, then longer ones.
    let got = measured(samples, rate: rate, channels: 2, block: 5) { $0.add($1, frames: $2) }
    #expect(abs(got - expected) <= expected * 1e-5, "tunes \(got), libebur128 \(expected)")
  }
}
