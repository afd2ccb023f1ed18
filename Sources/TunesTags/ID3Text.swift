// Decoding of ID3 text: the four encodings ID3v2 allows (Latin-1, UTF-16 with BOM, UTF-16BE, UTF-8),
// NUL-separated multi-values and terminated strings (descriptions of TXXX, COMM, UFID owners).

/// The text encoding byte that opens every ID3v2 text frame.
enum ID3TextEncoding: UInt8, Sendable {
  case latin1 = 0
  /// UTF-16 with a byte-order mark (each value carries its own).
  case utf16 = 1
  /// UTF-16 big-endian without a byte-order mark (ID3v2.4).
  case utf16BE = 2
  case utf8 = 3

  /// Width of the NUL terminator: two bytes for the UTF-16 encodings.
  var unitSize: Int { self == .utf16 || self == .utf16BE ? 2 : 1 }
}

enum ID3Text {
  /// Decodes the NUL-separated values of `bytes`, at most `limit` of them (a hostile frame may hold
  /// millions); trailing terminators and empty values are dropped.
  static func values(_ bytes: UnsafeRawBufferPointer, _ encoding: ID3TextEncoding, limit: Int = .max) -> [String] {
    var result: [String] = []
    var start = 0
    var littleEndian = false
    while start < bytes.count && result.count < limit {
      let end = terminator(bytes, from: start, encoding) ?? bytes.count
      if end > start {
        let text = decode(bytes.sub(start..<end), encoding, littleEndian: &littleEndian)
        if !text.isEmpty { result.append(text) }
      }
      start = end + encoding.unitSize
    }
    return result
  }

  /// Decodes the terminated string that starts at `start` and returns it with the index after its terminator
  /// (or the end of `bytes` when it has none).
  static func terminated(_ bytes: UnsafeRawBufferPointer, from start: Int, _ encoding: ID3TextEncoding)
    -> (text: String, next: Int)
  {
    guard start < bytes.count else { return ("", bytes.count) }
    let end = terminator(bytes, from: start, encoding) ?? bytes.count
    var littleEndian = false
    let text = decode(bytes.sub(start..<end), encoding, littleEndian: &littleEndian)
    return (text, min(bytes.count, end + encoding.unitSize))
  }

  /// Index of the next NUL terminator at or after `start` (aligned to two bytes for UTF-16), or nil.
  static func terminator(_ bytes: UnsafeRawBufferPointer, from start: Int, _ encoding: ID3TextEncoding) -> Int? {
    var i = start
    if encoding.unitSize == 1 {
      while i < bytes.count {
        if bytes[i] == 0 { return i }
        i += 1
      }
    } else {
      while i + 1 < bytes.count {
        if bytes[i] == 0 && bytes[i + 1] == 0 { return i }
        i += 2
      }
    }
    return nil
  }

  /// Decodes one value without terminator. `littleEndian` carries the byte order of the previous UTF-16
  /// value, for writers that put a byte-order mark on the first value only.
  static func decode(_ bytes: UnsafeRawBufferPointer, _ encoding: ID3TextEncoding, littleEndian: inout Bool)
    -> String
  {
    switch encoding {
    case .latin1: return latin1(bytes)
    case .utf8:
      // A UTF-8 byte-order mark is not text.
      if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
        return String(decoding: bytes.sub(3..<bytes.count), as: UTF8.self)
      }
      return String(decoding: bytes, as: UTF8.self)
    case .utf16, .utf16BE:
      var start = 0
      if bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xFE {
        littleEndian = true
        start = 2
      } else if bytes.count >= 2 && bytes[0] == 0xFE && bytes[1] == 0xFF {
        littleEndian = false
        start = 2
      } else if encoding == .utf16BE {
        littleEndian = false
      } else if bytes.count >= 2 {
        // No mark where one is required: guess from which byte of the first code unit is zero
        // (ASCII text); otherwise keep the previous value's order.
        if bytes[0] != 0 && bytes[1] == 0 { littleEndian = true } else if bytes[0] == 0 && bytes[1] != 0 { littleEndian = false }
      }
      return utf16(bytes.sub(start..<bytes.count), littleEndian: littleEndian)
    }
  }

  /// Latin-1 maps each byte to the code point of the same value: ASCII passes through, the rest become
  /// two UTF-8 bytes.
  static func latin1(_ bytes: UnsafeRawBufferPointer) -> String {
    var ascii = true
    for b in bytes where b >= 0x80 {
      ascii = false
      break
    }
    if ascii { return String(decoding: bytes, as: UTF8.self) }
    return String(unsafeUninitializedCapacity: bytes.count * 2) { out in
      var j = 0
      for b in bytes {
        if b < 0x80 {
          out[j] = b
          j += 1
        } else {
          out[j] = 0xC0 | (b >> 6)
          out[j + 1] = 0x80 | (b & 0x3F)
          j += 2
        }
      }
      return j
    }
  }

  /// UTF-16 code units in the given byte order, transcoded straight to UTF-8; an odd trailing byte is
  /// ignored and unpaired surrogates become U+FFFD.
  static func utf16(_ bytes: UnsafeRawBufferPointer, littleEndian: Bool) -> String {
    let n = bytes.count / 2
    if n == 0 { return "" }
    @inline(__always) func unit(_ k: Int) -> UInt32 {
      let a = UInt32(bytes[2 * k])
      let b = UInt32(bytes[2 * k + 1])
      return littleEndian ? (b << 8 | a) : (a << 8 | b)
    }
    return String(unsafeUninitializedCapacity: n * 3) { out in
      var j = 0
      var k = 0
      while k < n {
        var scalar = unit(k)
        k += 1
        if scalar >= 0xD800 && scalar < 0xE000 {
          // A high surrogate followed by a low one is one scalar; anything else is replaced.
          if scalar < 0xDC00, k < n, case let low = unit(k), low >= 0xDC00 && low < 0xE000 {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            k += 1
          } else {
            scalar = 0xFFFD
          }
        }
        if scalar < 0x80 {
          out[j] = UInt8(scalar)
          j += 1
        } else if scalar < 0x800 {
          out[j] = UInt8(0xC0 | scalar >> 6)
          out[j + 1] = UInt8(0x80 | scalar & 0x3F)
          j += 2
        } else if scalar < 0x10000 {
          out[j] = UInt8(0xE0 | scalar >> 12)
          out[j + 1] = UInt8(0x80 | (scalar >> 6) & 0x3F)
          out[j + 2] = UInt8(0x80 | scalar & 0x3F)
          j += 3
        } else {
          out[j] = UInt8(0xF0 | scalar >> 18)
          out[j + 1] = UInt8(0x80 | (scalar >> 12) & 0x3F)
          out[j + 2] = UInt8(0x80 | (scalar >> 6) & 0x3F)
          out[j + 3] = UInt8(0x80 | scalar & 0x3F)
          j += 4
        }
      }
      return j
    }
  }
}
