// The channel count an AAC track really has, from the AudioSpecificConfig in its `esds` atom (ISO 14496-1
// descriptors, 14496-3 for the config). The sample entry's own count is no guide: MP4 muxers, FFmpeg's
// among them, write 2 there for mono AAC, so a mono file would be indexed as stereo while the decoder
// plays one channel. Hand-written: three nested length-prefixed descriptors and four bit fields.

enum MP4AudioConfig {
  /// The channels the decoder outputs for the AAC sample entry whose children span `children`; nil when
  /// there is no readable config or it leaves the count to a program config element (channel
  /// configuration 0), so the sample entry's count stands.
  static func aacChannels(_ buffer: UnsafeRawBufferPointer, children: Range<Int>) -> Int? {
    guard case .success(let atoms) = MP4Atom.children(buffer, children),
      let esds = atoms.first(where: { $0.type == MP4Atom.code("esds") }), esds.body.count > 4
    else { return nil }
    var reader = Descriptors(buffer: buffer, position: esds.body.lowerBound + 4, end: esds.body.upperBound)
    // ES_Descriptor: ES_ID, then flags saying which optional fields follow.
    guard let es = reader.descriptor(tag: 0x03), reader.skip(2), let flags = reader.byte() else { return nil }
    if flags & 0x80 != 0 { guard reader.skip(2) else { return nil } }
    if flags & 0x40 != 0 { guard let length = reader.byte(), reader.skip(Int(length)) else { return nil } }
    if flags & 0x20 != 0 { guard reader.skip(2) else { return nil } }
    reader.end = min(reader.end, es)
    // DecoderConfigDescriptor: object type, stream type, buffer size, two bitrates; then the config.
    guard let config = reader.descriptor(tag: 0x04), reader.skip(13) else { return nil }
    reader.end = min(reader.end, config)
    guard let info = reader.descriptor(tag: 0x05), info - reader.position >= 2 else { return nil }
    var bits = BitReader(buffer: buffer, byte: reader.position, end: info)
    guard var objectType = bits.read(5) else { return nil }
    if objectType == 31 { guard let extended = bits.read(6) else { return nil }; objectType = 32 + extended }
    guard let frequencyIndex = bits.read(4) else { return nil }
    if frequencyIndex == 15 { guard bits.read(24) != nil else { return nil } }
    guard let configuration = bits.read(4) else { return nil }
    // Parametric stereo (HE-AAC v2) codes a mono channel that the decoder makes into two.
    if objectType == 29 { return 2 }
    switch configuration {
    case 1...6: return configuration
    case 7: return 8
    default: return nil
    }
  }

  /// Walks descriptors: a tag byte, a length of up to four 7-bit groups, the body.
  private struct Descriptors {
    let buffer: UnsafeRawBufferPointer
    var position: Int
    var end: Int

    mutating func byte() -> UInt8? {
      guard position < end else { return nil }
      defer { position += 1 }
      return buffer[position]
    }

    mutating func skip(_ count: Int) -> Bool {
      guard count <= end - position else { return false }
      position += count
      return true
    }

    /// Enters the descriptor with `tag` at the position; returns where its body ends.
    mutating func descriptor(tag: UInt8) -> Int? {
      guard byte() == tag else { return nil }
      var length = 0
      for _ in 0..<4 {
        guard let next = byte() else { return nil }
        length = length << 7 | Int(next & 0x7F)
        if next & 0x80 == 0 { break }
      }
      guard length <= end - position else { return nil }
      return position + length
    }
  }

  /// Reads bit fields, most significant bit first.
  private struct BitReader {
    let buffer: UnsafeRawBufferPointer
    var byte: Int
    let end: Int
    var bit = 0

    mutating func read(_ count: Int) -> Int? {
      var value = 0
      for _ in 0..<count {
        guard byte < end else { return nil }
        value = value << 1 | Int(buffer[byte] >> (7 - bit) & 1)
        bit += 1
        if bit == 8 {
          bit = 0
          byte += 1
        }
      }
      return value
    }
  }
}
