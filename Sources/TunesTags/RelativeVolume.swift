// One channel adjustment of an ID3v2.4 RVA2 frame: the channel type, the gain in 1/512 dB and an optional
// peak of a declared bit width. Read by hand because the layout is ID3's own; the peak is scaled as mutagen
// scales it (the bits left-aligned in 32 bits, over 2^31 - 1) so both read the same number.

struct RelativeVolume: Equatable {
  /// 1 is the master volume; 0 "other", 2 to 8 single speakers.
  var channel: UInt8
  /// dB.
  var gain: Double
  /// Linear peak, nil when the frame gives no peak (no peak bits, or zero).
  var peak: Double?

  /// Reads the adjustment at `offset` of `data`; nil when it is cut off.
  init?(_ data: UnsafeRawBufferPointer, at offset: Int) {
    guard data.has(offset, 4) else { return nil }
    channel = data[offset]
    let raw = Int16(bitPattern: UInt16(data[offset + 1]) << 8 | UInt16(data[offset + 2]))
    gain = Double(raw) / 512
    let bits = Int(data[offset + 3])
    let byteCount = min(4, (bits + 7) >> 3)
    guard data.has(offset + 4, byteCount) else { return nil }
    var value: UInt64 = 0
    for k in 0..<byteCount { value = value << 8 | UInt64(data[offset + 4 + k]) }
    let shift = ((8 - (bits & 7)) & 7) + (4 - byteCount) * 8
    peak = value == 0 ? nil : Double(value << UInt64(shift)) / Double(Int32.max)
  }
}
