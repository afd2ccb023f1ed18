// ID3v2 unsynchronisation: writers insert a 0x00 after every 0xFF inside a tag so no byte pair looks like
// an MPEG sync word; readers drop those inserted zeros (the whole tag body in v2.2/2.3, per frame in v2.4).

enum Unsynchronisation {
  /// `bytes` with every 0x00 that follows a 0xFF removed.
  static func decode(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: bytes.count) { out, initialized in
      var j = 0
      var previous: UInt8 = 0
      for b in bytes {
        if !(previous == 0xFF && b == 0x00) {
          out[j] = b
          j += 1
        }
        previous = b
      }
      initialized = j
    }
  }

  /// True when `bytes` contains a 0xFF 0x00 pair, i.e. decoding would change something.
  static func isNeeded(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard bytes.count >= 2 else { return false }
    for i in 0..<(bytes.count - 1) where bytes[i] == 0xFF && bytes[i + 1] == 0 { return true }
    return false
  }
}
