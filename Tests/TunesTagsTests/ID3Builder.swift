// Builds ID3v1 records and ID3v2.2/2.3/2.4 tags byte by byte, following the specification independently of
// the reader, so tests can feed exact bytes for every encoding, flag and kind of damage.

/// How a text value is written.
enum TextEncoding {
  case latin1
  /// UTF-16 with a little-endian byte-order mark (encoding byte 1).
  case utf16LE
  /// UTF-16 with a big-endian byte-order mark (encoding byte 1).
  case utf16BEWithBOM
  /// UTF-16BE without byte-order mark (encoding byte 2, ID3v2.4).
  case utf16BE
  case utf8

  var byte: UInt8 {
    switch self {
    case .latin1: 0
    case .utf16LE, .utf16BEWithBOM: 1
    case .utf16BE: 2
    case .utf8: 3
    }
  }

  var terminator: [UInt8] {
    switch self {
    case .latin1, .utf8: [0]
    default: [0, 0]
    }
  }

  /// The value's bytes, byte-order mark included, terminator excluded.
  func encode(_ text: String) -> [UInt8] {
    switch self {
    case .latin1: return text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    case .utf8: return Array(text.utf8)
    case .utf16LE: return [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    case .utf16BEWithBOM: return [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    case .utf16BE: return text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }
  }

  /// Values separated (ID3v2.4 multi-values) by the terminator.
  func encode(values: [String]) -> [UInt8] {
    var out: [UInt8] = []
    for (k, v) in values.enumerated() {
      if k > 0 { out += terminator }
      out += encode(v)
    }
    return out
  }
}

struct ID3Frame {
  var id: String
  var data: [UInt8]
  /// The two flag bytes of v2.3/2.4 frame headers.
  var statusFlags: UInt8 = 0
  var formatFlags: UInt8 = 0

  static func text(_ id: String, _ values: [String], _ encoding: TextEncoding = .latin1) -> ID3Frame {
    ID3Frame(id: id, data: [encoding.byte] + encoding.encode(values: values))
  }

  static func txxx(_ description: String, _ values: [String], _ encoding: TextEncoding = .latin1, id: String = "TXXX")
    -> ID3Frame
  {
    ID3Frame(
      id: id,
      data: [encoding.byte] + encoding.encode(description) + encoding.terminator + encoding.encode(values: values))
  }

  static func ufid(_ owner: String, _ identifier: String, id: String = "UFID") -> ID3Frame {
    ID3Frame(id: id, data: Array(owner.utf8) + [0] + Array(identifier.utf8))
  }

  static func comment(_ description: String, _ text: String, _ encoding: TextEncoding = .latin1, id: String = "COMM")
    -> ID3Frame
  {
    ID3Frame(
      id: id,
      data: [encoding.byte] + Array("eng".utf8) + encoding.encode(description) + encoding.terminator
        + encoding.encode(text))
  }
}

func syncsafe(_ n: Int) -> [UInt8] {
  [UInt8((n >> 21) & 0x7F), UInt8((n >> 14) & 0x7F), UInt8((n >> 7) & 0x7F), UInt8(n & 0x7F)]
}

func bigEndian(_ n: Int, _ width: Int) -> [UInt8] {
  (0..<width).map { UInt8(truncatingIfNeeded: n >> (8 * (width - 1 - $0))) }
}

/// Inserts a zero after every 0xFF, as an unsynchronising writer may.
func unsynchronise(_ bytes: [UInt8]) -> [UInt8] {
  var out: [UInt8] = []
  for b in bytes {
    out.append(b)
    if b == 0xFF { out.append(0) }
  }
  return out
}

struct ID3v2Builder {
  var version: UInt8
  var frames: [ID3Frame] = []
  var padding = 0
  /// Tag-level unsynchronisation: v2.2/2.3 unsynchronise the whole body; v2.4 every frame.
  var unsynchronised = false
  var extendedHeader = false
  /// v2.4 only: a 10-byte footer ("3DI").
  var footer = false
  /// v2.4 only: frame sizes written as plain integers, as old software did.
  var plainFrameSizes = false
  /// Raw bytes inserted before frame `index`.
  var insertions: [(index: Int, bytes: [UInt8])] = []

  init(version: UInt8, _ frames: [ID3Frame] = []) {
    self.version = version
    self.frames = frames
  }

  func frameBytes(_ frame: ID3Frame) -> [UInt8] {
    var data = frame.data
    var format = frame.formatFlags
    if version == 4 && unsynchronised {
      data = unsynchronise(data)
      format |= 0x02
    }
    let id = Array(frame.id.utf8)
    switch version {
    case 2: return id + bigEndian(data.count, 3) + data
    case 3: return id + bigEndian(data.count, 4) + [frame.statusFlags, format] + data
    default:
      let size = plainFrameSizes ? bigEndian(data.count, 4) : syncsafe(data.count)
      return id + size + [frame.statusFlags, format] + data
    }
  }

  func bytes() -> [UInt8] {
    var body: [UInt8] = []
    if extendedHeader {
      if version == 3 {
        // Size excluding itself (6), flags (2), padding size (4).
        body += bigEndian(6, 4) + [0, 0] + bigEndian(padding, 4)
      } else {
        // Syncsafe size including itself (6), one flag byte count, flags byte.
        body += syncsafe(6) + [1, 0]
      }
    }
    for (k, frame) in frames.enumerated() {
      for insertion in insertions where insertion.index == k { body += insertion.bytes }
      body += frameBytes(frame)
    }
    for insertion in insertions where insertion.index >= frames.count { body += insertion.bytes }
    if unsynchronised && version < 4 { body = unsynchronise(body) }
    body += [UInt8](repeating: 0, count: padding)
    var flags: UInt8 = 0
    if unsynchronised { flags |= 0x80 }
    if extendedHeader { flags |= 0x40 }
    if footer { flags |= 0x10 }
    var out = Array("ID3".utf8) + [version, 0, flags] + syncsafe(body.count) + body
    if footer { out += Array("3DI".utf8) + [version, 0, flags] + syncsafe(body.count) }
    return out
  }
}

/// A 128-byte ID3v1 record; `track` makes it v1.1.
func id3v1(
  title: String = "", artist: String = "", album: String = "", year: String = "", comment: String = "",
  track: UInt8? = nil, genre: UInt8 = 255
) -> [UInt8] {
  func field(_ s: String, _ n: Int) -> [UInt8] {
    let b = Array(s.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }.prefix(n))
    return b + [UInt8](repeating: 0, count: n - b.count)
  }
  var out = Array("TAG".utf8) + field(title, 30) + field(artist, 30) + field(album, 30) + field(year, 4)
  if let track {
    out += field(comment, 28) + [0, track]
  } else {
    out += field(comment, 30)
  }
  return out + [genre]
}

extension ID3Frame {
  /// USLT (v2.2 ULT): language, a description, then the lyrics.
  static func lyrics(_ description: String, _ text: String, _ encoding: TextEncoding = .latin1, id: String = "USLT")
    -> ID3Frame
  {
    ID3Frame(
      id: id,
      data: [encoding.byte] + Array("eng".utf8) + encoding.encode(description) + encoding.terminator
        + encoding.encode(text))
  }

  /// SYLT (v2.2 SLT): language, the time stamp format (2 milliseconds, 1 MPEG frames), the content type
  /// (1 lyrics, 5 chords), a description, then each line's text, terminated, and its 32-bit time.
  static func syncedLyrics(
    _ lines: [(String, Int)], _ encoding: TextEncoding = .utf8, format: UInt8 = 2, content: UInt8 = 1,
    id: String = "SYLT"
  ) -> ID3Frame {
    var data = [encoding.byte] + Array("eng".utf8) + [format, content] + encoding.terminator
    for (text, time) in lines { data += encoding.encode(text) + encoding.terminator + bigEndian(time, 4) }
    return ID3Frame(id: id, data: data)
  }

  /// RVA2 with one channel adjustment: `gain` in dB (stored in 1/512 dB), the peak as `peakBits` bits.
  static func rva2(_ identification: String, channel: UInt8 = 1, gain: Double, peakBits: UInt8, peak: [UInt8])
    -> ID3Frame
  {
    let raw = UInt16(bitPattern: Int16((gain * 512).rounded()))
    return ID3Frame(
      id: "RVA2", data: Array(identification.utf8) + [0, channel, UInt8(raw >> 8), UInt8(raw & 0xFF), peakBits] + peak)
  }
}
