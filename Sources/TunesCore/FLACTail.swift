// How many samples a FLAC file cut short really holds. STREAMINFO, written before the audio, gives the
// whole stream's count, so a file whose download or copy stopped still promises it: a 2 s file cut in
// half was listed, shown and timed as 2 s while it played 0.84 s. The last frame header in the file's
// tail says where its audio really ends. The tag reader (for the library) and the decoder (for the
// player) both ask here, so the two agree.
//
// Hand-written: libFLAC finds this only by decoding every frame (what `flac -d` does), far too slow for
// an index; a frame header is a few bytes whose layout the FLAC format (RFC 9639, section 9.1) fixes.
public enum FLACTail {
  /// The bytes from the end of a file the check reads: 16 KiB (a frame of CD audio is under that), or a
  /// frame of the largest size STREAMINFO names (`maxFrameSize`, 0 when unknown) up to 64 KiB, so a
  /// check never reads much.
  public static func bytesNeeded(maxFrameSize: Int) -> Int {
    max(16 * 1024, min(maxFrameSize + 64, 64 * 1024))
  }

  /// The samples the file really holds when `tail` (its last bytes) shows it ends before the stream's
  /// `total` samples; nil when the tail shows nothing of the kind (the file reaches its last frame, or no
  /// frame header was found), and STREAMINFO stands. `blockSize` is STREAMINFO's minimum block size
  /// (a fixed-blocksize stream numbers its frames, not its samples); `channels` is the stream's.
  public static func samplesHeld(tail: UnsafeRawBufferPointer, total: Int, blockSize: Int, channels: Int) -> Int? {
    guard total > 0, tail.count >= 6 else { return nil }
    var start = tail.count - 6
    while start >= 0 {
      if let header = header(tail, at: start, blockSize: blockSize, channels: channels), header.first < total {
        // The stream's last frame may be followed by a tag (ID3v1, APE): whole when its CRC-16 matches
        // anywhere after its header. Any earlier frame must end at the end of the file or before a
        // frame header's sync.
        let last = header.first + header.size >= total
        if complete(tail, frameAt: start, headerLength: header.length, anyEnd: last) {
          return last ? nil : header.first + header.size
        }
        return header.first
      }
      start -= 1
    }
    return nil
  }

  /// Whether the frame at `start` ends within `bytes` (its CRC-16 matching), at the end or before
  /// the start of another frame's header (anywhere when `anyEnd`): the decoder plays it whole.
  private static func complete(_ bytes: UnsafeRawBufferPointer, frameAt start: Int, headerLength: Int, anyEnd: Bool)
    -> Bool
  {
    var crc: UInt16 = 0
    var end = start
    while end + 2 <= bytes.count {
      if end >= start + headerLength + 1 && crc == UInt16(bytes[end]) << 8 | UInt16(bytes[end + 1]) {
        let after = end + 2
        if anyEnd || after == bytes.count
          || (bytes[after] == 0xFF && (after + 1 == bytes.count || bytes[after + 1] & 0xFE == 0xF8))
        {
          return true
        }
      }
      crc = crc16(crc, bytes[end])
      end += 1
    }
    return false
  }

  /// The frame header at `at`: its first sample, block size and length in bytes; nil when the bytes
  /// there are no valid header (sync, reserved values, channels of this stream, CRC-8).
  static func header(_ bytes: UnsafeRawBufferPointer, at start: Int, blockSize: Int, channels: Int) -> (
    first: Int, size: Int, length: Int
  )? {
    guard bytes[start] == 0xFF, bytes[start + 1] & 0xFE == 0xF8 else { return nil }
    let variable = bytes[start + 1] & 1 == 1
    let sizeCode = Int(bytes[start + 2] >> 4)
    let rateCode = Int(bytes[start + 2] & 0x0F)
    let assignment = Int(bytes[start + 3] >> 4)
    guard sizeCode != 0, rateCode != 15, assignment <= 10, bytes[start + 3] & 1 == 0 else { return nil }
    guard (assignment < 8 ? assignment + 1 : 2) == channels else { return nil }
    // The coded number: UTF-8's scheme, up to 7 bytes (36 bits) for a sample number.
    var p = start + 4
    let lead = bytes[p]
    guard lead != 0xFF else { return nil }
    var extra = 0
    var number: Int
    if lead & 0x80 == 0 {
      number = Int(lead)
    } else if lead == 0xFE {
      extra = 6
      number = 0
    } else {
      var mask: UInt8 = 0x40
      while lead & mask != 0 && extra < 6 {
        extra += 1
        mask >>= 1
      }
      guard extra >= 1, lead & 0x40 != 0 else { return nil }
      number = Int(lead & (mask - 1))
    }
    guard p + 1 + extra + 3 <= bytes.count else { return nil }
    for i in 0..<extra {
      let byte = bytes[p + 1 + i]
      guard byte & 0xC0 == 0x80 else { return nil }
      number = number << 6 | Int(byte & 0x3F)
    }
    p += 1 + extra
    var size: Int
    switch sizeCode {
    case 1: size = 192
    case 2...5: size = 576 << (sizeCode - 2)
    case 6:
      size = Int(bytes[p]) + 1
      p += 1
    case 7:
      size = (Int(bytes[p]) << 8 | Int(bytes[p + 1])) + 1
      p += 2
    default: size = 256 << (sizeCode - 8)
    }
    if rateCode == 12 { p += 1 } else if rateCode == 13 || rateCode == 14 { p += 2 }
    guard p < bytes.count else { return nil }
    var crc: UInt8 = 0
    for i in start..<p { crc = crc8(crc, bytes[i]) }
    guard crc == bytes[p] else { return nil }
    if !variable && extra > 5 { return nil }
    return (variable ? number : number * max(blockSize, 1), size, p + 1 - start)
  }

  private static func crc8(_ crc: UInt8, _ byte: UInt8) -> UInt8 {
    var c = crc ^ byte
    for _ in 0..<8 { c = c & 0x80 != 0 ? (c << 1) ^ 0x07 : c << 1 }
    return c
  }

  private static func crc16(_ crc: UInt16, _ byte: UInt8) -> UInt16 {
    var c = crc ^ UInt16(byte) << 8
    for _ in 0..<8 { c = c & 0x8000 != 0 ? (c << 1) ^ 0x8005 : c << 1 }
    return c
  }
}
