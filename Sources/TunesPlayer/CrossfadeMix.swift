// The arithmetic of a crossfade: the two tracks' samples, each scaled by its own gain (volume and
// ReplayGain), summed under MPD's fade curve. MPD weighs the incoming track by sin²(π/2 · p) and the
// outgoing one by 1 − sin²(π/2 · p) = cos²(π/2 · p), p going from 0 to 1 over the fade, so that the two
// weights always add up to 1 (a fade between two copies of one signal leaves it as it was). MPD steps p
// once per pipe chunk; tunes steps it every frame, which avoids the small jumps at chunk borders.
// A MixRamp overlap is not faded: MPD adds the two tracks at their full gain (its mix ratio -1), the ramps
// having chosen an overlap where both are quiet.
import Foundation
import TunesCore

public enum CrossfadeMix {
  /// The incoming track's weight at frame `frame` of a fade `length` frames long (the outgoing track's
  /// is 1 minus it).
  public static func incomingWeight(frame: Int, of length: Int) -> Double {
    guard length > 0 else { return 1 }
    let s = sin(Double.pi / 2 * Double(frame) / Double(length))
    return s * s
  }

  /// One mixed sample: rounded to nearest once, clipped to `bits` of signed range.
  public static func sample(incoming: Double, outgoing: Double, weight: Double, bits: Int) -> Int64 {
    let value = (incoming * weight + outgoing * (1 - weight)).rounded()
    let high = Double((Int64(1) << (bits - 1)) - 1)
    let low = -Double(Int64(1) << (bits - 1))
    return Int64(min(max(value, low), high))
  }

  /// One sample of a MixRamp overlap: the two summed, rounded to nearest once, clipped to `bits`.
  public static func sum(incoming: Double, outgoing: Double, bits: Int) -> Int64 {
    let value = (incoming + outgoing).rounded()
    let high = Double((Int64(1) << (bits - 1)) - 1)
    let low = -Double(Int64(1) << (bits - 1))
    return Int64(min(max(value, low), high))
  }

  /// Mixes `frames` frames into `incoming` (in place): frame f of the buffers is frame `position + f`
  /// of the fade. `summed`: MixRamp's overlap, both at full weight.
  static func mix(
    incoming: UnsafeMutableRawBufferPointer, outgoing: UnsafeRawBufferPointer, frames: Int, format: AudioFormat,
    at position: Int, of length: Int, summed: Bool = false, incomingScale: Double, outgoingScale: Double
  ) {
    let scales = (incomingScale, outgoingScale)
    switch format.encoding {
    case .s16:
      mix(
        incoming.bindMemory(to: Int16.self), outgoing.bindMemory(to: Int16.self), frames: frames,
        channels: format.channels, bits: 16, at: position, of: length, summed: summed, scales)
    case .s32:
      mix(
        incoming.bindMemory(to: Int32.self), outgoing.bindMemory(to: Int32.self), frames: frames,
        channels: format.channels, bits: 32, at: position, of: length, summed: summed, scales)
    }
  }

  private static func mix<Sample: FixedWidthInteger & SignedInteger>(
    _ incoming: UnsafeMutableBufferPointer<Sample>, _ outgoing: UnsafeBufferPointer<Sample>, frames: Int, channels: Int,
    bits: Int, at position: Int, of length: Int, summed: Bool, _ scales: (incoming: Double, outgoing: Double)
  ) {
    for frame in 0..<frames {
      let weight = incomingWeight(frame: position + frame, of: length)
      for channel in 0..<channels {
        let index = frame * channels + channel
        let a = Double(incoming[index]) * scales.incoming
        let b = Double(outgoing[index]) * scales.outgoing
        incoming[index] = Sample(
          summed ? sum(incoming: a, outgoing: b, bits: bits) : sample(incoming: a, outgoing: b, weight: weight, bits: bits))
      }
    }
  }
}
