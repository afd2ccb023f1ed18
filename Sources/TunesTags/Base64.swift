// Decodes base64, in which Ogg files carry their pictures (METADATA_BLOCK_PICTURE). Written here because
// TunesTags does without Foundation, whose Data(base64Encoded:) is the only other decoder at hand.

/// Standard base64 (RFC 4648), padding and line breaks ignored; nil on any other character.
enum Base64 {
  static func decode(_ text: String) -> [UInt8]? {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count * 3 / 4)
    var buffer: UInt32 = 0
    var bits = 0
    for c in text.utf8 {
      let v: UInt32
      switch c {
      case 0x41...0x5A: v = UInt32(c - 0x41)
      case 0x61...0x7A: v = UInt32(c - 0x61 + 26)
      case 0x30...0x39: v = UInt32(c - 0x30 + 52)
      case 0x2B: v = 62
      case 0x2F: v = 63
      case 0x3D, 0x0A, 0x0D: continue
      default: return nil
      }
      buffer = buffer << 6 | v
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
      }
    }
    return out
  }
}
