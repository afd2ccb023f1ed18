// One page of an Ogg stream (RFC 3533): the 27-byte header, the segment table and where the body lies.
// Hand-written because reading headers and the last page's granule position is all tunes needs of Ogg:
// libogg would add a C dependency and copying for it. Pages are checked against their CRC so that a
// broken page is reported rather than read as garbage tags.

struct OggPage {
  static let capture: StaticString = "OggS"
  static let headerSize = 27

  var offset: Int
  var flags: UInt8
  /// -1 (all bits set) on a page where no packet ends.
  var granule: Int64
  var serial: UInt32
  var sequence: UInt32
  /// Lacing values: a packet ends after a segment shorter than 255.
  var segments: Range<Int>
  var body: Range<Int>
  var end: Int { body.upperBound }

  var isContinued: Bool { flags & 0x01 != 0 }
  var isFirst: Bool { flags & 0x02 != 0 }
  var isLast: Bool { flags & 0x04 != 0 }

  enum Problem: Error {
    case notAPage
    case cutOff(needed: Int)
    case badCRC
    case badVersion(UInt8)
  }

  /// The page at `offset`, its CRC checked when `checkCRC`.
  static func read(_ buffer: UnsafeRawBufferPointer, at offset: Int, checkCRC: Bool = true) -> Result<OggPage, Problem> {
    guard buffer.matches(capture, at: offset) else { return .failure(.notAPage) }
    guard buffer.has(offset, headerSize) else { return .failure(.cutOff(needed: headerSize)) }
    guard buffer[offset + 4] == 0 else { return .failure(.badVersion(buffer[offset + 4])) }
    let count = Int(buffer[offset + 26])
    guard buffer.has(offset + headerSize, count) else { return .failure(.cutOff(needed: headerSize + count)) }
    var bodySize = 0
    for k in 0..<count { bodySize += Int(buffer[offset + headerSize + k]) }
    let bodyStart = offset + headerSize + count
    guard buffer.has(bodyStart, bodySize) else { return .failure(.cutOff(needed: headerSize + count + bodySize)) }
    let granule = Int64(bitPattern: UInt64(buffer.le32(offset + 6)) | UInt64(buffer.le32(offset + 10)) << 32)
    let page = OggPage(
      offset: offset, flags: buffer[offset + 5], granule: granule, serial: buffer.le32(offset + 14),
      sequence: buffer.le32(offset + 18), segments: offset + headerSize..<bodyStart, body: bodyStart..<bodyStart + bodySize)
    if checkCRC && OggCRC.checksum(buffer, offset..<page.end) != buffer.le32(offset + 22) { return .failure(.badCRC) }
    return .success(page)
  }
}

/// Ogg's CRC-32: polynomial 0x04C11DB7, not reflected, initial value 0, computed with the CRC field as zero.
enum OggCRC {
  static let table: [UInt32] = (0..<256).map { n in
    var r = UInt32(n) << 24
    for _ in 0..<8 { r = r & 0x8000_0000 != 0 ? (r << 1) ^ 0x04C1_1DB7 : r << 1 }
    return r
  }

  static func checksum(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>) -> UInt32 {
    var crc: UInt32 = 0
    table.withUnsafeBufferPointer { t in
      for i in range {
        // Bytes 22..<26 of the page are the CRC itself, counted as zero.
        let k = i - range.lowerBound
        let byte: UInt8 = k >= 22 && k < 26 ? 0 : buffer[i]
        crc = (crc << 8) ^ t[Int(UInt8(crc >> 24) ^ byte)]
      }
    }
    return crc
  }
}
