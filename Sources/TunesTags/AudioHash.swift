// A fingerprint of a file's audio alone (never its tags), so a retagged file keeps its identity and a
// moved one can be recognised: FNV-1a over the audio length and the first and last 16 KiB of audio; for a
// FLAC stream whose encoder signed it, STREAMINFO's MD5 of the decoded samples instead (`signature`), which
// names the audio as surely and needs none of its bytes read.

#if canImport(Glibc)
  import Glibc
#endif

public enum AudioHash {
  /// Bytes hashed at each end of the audio region. 16 KiB of encoded audio (about a second) together with
  /// the exact length tells files apart; 64 KiB made hashing the largest cost of reading a file.
  public static let window = 16 * 1024

  /// 16 lower-case hex digits for the audio region `range` of `buffer`.
  static func hex(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
    hex(hash(buffer, range))
  }

  /// 16 hex digits for the 16-byte MD5 signature of a FLAC stream's decoded samples at `offset` of
  /// `buffer` (STREAMINFO's last field), its two halves folded into one 64-bit value; nil when it is all
  /// zero, which RFC 9639 reserves for "not computed".
  static func signature(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> String? {
    var high: UInt64 = 0
    var low: UInt64 = 0
    for k in 0..<8 {
      high = high << 8 | UInt64(buffer[offset + k])
      low = low << 8 | UInt64(buffer[offset + 8 + k])
    }
    return high | low == 0 ? nil : hex(high ^ low)
  }

  /// The hash `hex` gives the `length` bytes of audio at `offset` of the file at `path`, read from the file
  /// (its two windows only); nil when the file cannot be read. What tunes stored for every FLAC stream
  /// before it named signed ones by their signature: the indexer asks for it to recognise a moved file
  /// whose row was written then (a file found unchanged keeps the hash it had, so such rows stay).
  public static func ofRegion(path: String, offset start: Int, length: Int) -> String? {
    guard start >= 0, length >= 0 else { return nil }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    let whole = length <= 2 * window
    let parts = whole ? [(start, length)] : [(start, window), (start + length - window, window)]
    var bytes = [UInt8](repeating: 0, count: whole ? length : 2 * window)
    let read = bytes.withUnsafeMutableBytes { memory -> Bool in
      var at = 0
      for (from, count) in parts {
        var done = 0
        while done < count {
          let n = pread(fd, memory.baseAddress! + at + done, count - done, off_t(from + done))
          if n < 0 && errno == EINTR { continue }
          if n <= 0 { return false }
          done += n
        }
        at += count
      }
      return true
    }
    guard read else { return nil }
    return bytes.withUnsafeBytes { buffer in
      var lanes: (UInt64, UInt64, UInt64, UInt64) = (offset, offset ^ 1, offset ^ 2, offset ^ 3)
      if whole {
        mix(buffer, 0..<length, &lanes)
      } else {
        mix(buffer, 0..<window, &lanes)
        mix(buffer, window..<2 * window, &lanes)
      }
      return hex(finish(length: length, lanes))
    }
  }

  private static func hex(_ value: UInt64) -> String {
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
    return finish(length: length, lanes)
  }

  private static func finish(length: Int, _ lanes: (UInt64, UInt64, UInt64, UInt64)) -> UInt64 {
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
