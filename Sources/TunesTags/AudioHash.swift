// A fingerprint of a file's audio bytes alone (never its tags), so a retagged file keeps its identity and a
// moved one can be recognised: FNV-1a over the audio length and the first and last 16 KiB of audio.

public enum AudioHash {
  /// Bytes hashed at each end of the audio region. 16 KiB of encoded audio (about a second) together with
  /// the exact length tells files apart; 64 KiB made hashing the largest cost of reading a file.
  public static let window = 16 * 1024

  /// 16 lower-case hex digits for the audio region `range` of `buffer`.
  static func hex(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
    let value = hash(buffer, range)
    let digits = Array("0123456789abcdef".utf8)
    var out = [UInt8](repeating: 0, count: 16)
    for k in 0..<16 { out[k] = digits[Int((value >> UInt64(60 - 4 * k)) & 15)] }
    return String(decoding: out, as: UTF8.self)
  }

  /// FNV-1a 64 over 8-byte little-endian words in four interleaved lanes (four times faster than one byte
  /// at a time, and the same on every machine), folded together with the length at the end.
  static func hash(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>) -> UInt64 {
    let length = range.count
    var lanes: (UInt64, UInt64, UInt64, UInt64) = (offset, offset ^ 1, offset ^ 2, offset ^ 3)
    if length <= 2 * window {
      mix(buffer, range, &lanes)
    } else {
      mix(buffer, range.lowerBound..<range.lowerBound + window, &lanes)
      mix(buffer, range.upperBound - window..<range.upperBound, &lanes)
    }
    var h = offset
    for word in [UInt64(length), lanes.0, lanes.1, lanes.2, lanes.3] { h = (h ^ word) &* prime }
    return h
  }

  private static let offset: UInt64 = 0xcbf2_9ce4_8422_2325
  private static let prime: UInt64 = 0x0000_0100_0000_01B3

  private static func mix(
    _ buffer: UnsafeRawBufferPointer, _ range: Range<Int>, _ lanes: inout (UInt64, UInt64, UInt64, UInt64)
  ) {
    guard let base = buffer.baseAddress, range.lowerBound >= 0, range.upperBound <= buffer.count else { return }
    var p = range.lowerBound
    let end = range.upperBound
    var (a, b, c, d) = lanes
    while p + 32 <= end {
      a = (a ^ UInt64(littleEndian: base.loadUnaligned(fromByteOffset: p, as: UInt64.self))) &* prime
      b = (b ^ UInt64(littleEndian: base.loadUnaligned(fromByteOffset: p + 8, as: UInt64.self))) &* prime
      c = (c ^ UInt64(littleEndian: base.loadUnaligned(fromByteOffset: p + 16, as: UInt64.self))) &* prime
      d = (d ^ UInt64(littleEndian: base.loadUnaligned(fromByteOffset: p + 24, as: UInt64.self))) &* prime
      p += 32
    }
    while p < end {
      a = (a ^ UInt64(buffer[p])) &* prime
      p += 1
    }
    lanes = (a, b, c, d)
  }
}
