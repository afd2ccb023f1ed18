// Writes the comment packet of an Ogg Vorbis or Opus file. The header packets (Vorbis: identification,
// comments, setup; Opus: OpusHead, OpusTags) end on a page of their own, so the pages after them hold
// audio only: the identification page is kept as it is, the comment (and setup) packets are laid into
// new pages, and every audio page is copied with only its sequence number moved by the change in the
// number of header pages (and its checksum recomputed for it). A file with more than one logical stream
// (a chain or a multiplex) is refused.
import Foundation

enum OggTagWriter {
  struct Page {
    var offset: Int
    var length: Int
    var serial: UInt32
    var sequence: UInt32
    var segments: [UInt8]
    var bodyStart: Int
  }

  static func page(_ file: [UInt8], at offset: Int) -> Page? {
    guard offset + 27 <= file.count, file[offset..<offset + 4].elementsEqual("OggS".utf8) else { return nil }
    let count = Int(file[offset + 26])
    guard offset + 27 + count <= file.count else { return nil }
    let segments = Array(file[offset + 27..<offset + 27 + count])
    let length = 27 + count + segments.reduce(0) { $0 + Int($1) }
    guard offset + length <= file.count else { return nil }
    return Page(
      offset: offset, length: length, serial: le32(file, offset + 14), sequence: le32(file, offset + 18), segments: segments,
      bodyStart: offset + 27 + count)
  }

  static func le32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
  }

  static func rewrite(_ file: [UInt8], path: String, opus: Bool, fields: [(String, String)]) throws(TagWriteError) -> [UInt8] {
    let headerPackets = opus ? 2 : 3
    var packets: [[UInt8]] = [[]]
    var offset = 0
    var serial: UInt32?
    var headerPages = 0
    // Read pages until the header packets are complete.
    while packets.count <= headerPackets {
      guard let page = page(file, at: offset) else { throw .malformed(path: path, reason: "Ogg header pages damaged") }
      if serial == nil { serial = page.serial }
      guard page.serial == serial else { throw .unsupported(path: path, format: "multiplexed Ogg") }
      var position = page.bodyStart
      for lace in page.segments {
        packets[packets.count - 1] += file[position..<position + Int(lace)]
        position += Int(lace)
        if lace < 255 { packets.append([]) }
      }
      offset += page.length
      headerPages += 1
      if headerPages == 1, packets.count != 2 || !packets[1].isEmpty {
        throw .malformed(path: path, reason: "the first page holds more than the identification header")
      }
      if packets.count > headerPackets + 1 || (packets.count == headerPackets + 1 && !packets[headerPackets].isEmpty) {
        throw .malformed(path: path, reason: "audio shares a page with the headers")
      }
    }
    let prefix = opus ? Array("OpusTags".utf8) : [3] + Array("vorbis".utf8)
    guard packets[1].starts(with: prefix),
      let edited = VorbisCommentEdit.edit(
        Array(packets[1].dropFirst(prefix.count)), removing: ReplayGainValues.ownedNames, adding: fields)
    else { throw .malformed(path: path, reason: "damaged comment header") }
    let firstPage = page(file, at: 0)!
    var out = Array(file[0..<firstPage.length])
    var sequence = firstPage.sequence + 1
    out += pages(packets: [prefix + edited] + packets[2..<headerPackets], serial: serial!, sequence: &sequence)
    // The audio pages, renumbered.
    while offset < file.count {
      guard let page = page(file, at: offset) else { throw .malformed(path: path, reason: "damaged page at byte \(offset)") }
      guard page.serial == serial else { throw .unsupported(path: path, format: "chained or multiplexed Ogg") }
      var bytes = Array(file[offset..<offset + page.length])
      write32(&bytes, 18, sequence)
      sequence += 1
      write32(&bytes, 22, 0)
      write32(&bytes, 22, crc(bytes))
      out += bytes
      offset += page.length
    }
    return out
  }

  /// Header packets laid into pages of up to 255 lacing values, granule position 0 where a packet ends
  /// and −1 where none does, as the encoders write them.
  static func pages(packets: [[UInt8]], serial: UInt32, sequence: inout UInt32) -> [UInt8] {
    var laces: [(lace: UInt8, ends: Bool)] = []
    var body: [UInt8] = []
    for packet in packets {
      var left = packet.count
      while left >= 255 {
        laces.append((255, false))
        left -= 255
      }
      laces.append((UInt8(left), true))
      body += packet
    }
    var out: [UInt8] = []
    var bodyOffset = 0
    var index = 0
    var continued = false
    while index < laces.count {
      let chunk = laces[index..<min(index + 255, laces.count)]
      let size = chunk.reduce(0) { $0 + Int($1.lace) }
      let endsPacket = chunk.contains { $0.ends }
      var page: [UInt8] = Array("OggS".utf8) + [0, continued ? 1 : 0]
      page += endsPacket ? [UInt8](repeating: 0, count: 8) : [UInt8](repeating: 0xFF, count: 8)
      page += [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
      write32(&page, 14, serial)
      write32(&page, 18, sequence)
      page.append(UInt8(chunk.count))
      page += chunk.map(\.lace)
      page += body[bodyOffset..<bodyOffset + size]
      write32(&page, 22, crc(page))
      out += page
      sequence += 1
      bodyOffset += size
      continued = !(chunk.last?.ends ?? true)
      index += chunk.count
    }
    return out
  }

  static func write32(_ bytes: inout [UInt8], _ at: Int, _ value: UInt32) {
    for index in 0..<4 { bytes[at + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
  }

  /// Ogg's page checksum: CRC-32 of polynomial 0x04C11DB7, MSB first, initial value 0, no final XOR.
  static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index) << 24
    for _ in 0..<8 { value = value & 0x8000_0000 != 0 ? (value << 1) ^ 0x04C1_1DB7 : value << 1 }
    return value
  }

  static func crc(_ bytes: [UInt8]) -> UInt32 {
    var value: UInt32 = 0
    for byte in bytes { value = (value << 8) ^ table[Int((value >> 24) ^ UInt32(byte))] }
    return value
  }
}
