// Writes ReplayGain TXXX frames into an MP3's ID3v2 tag, as rsgain writes them (TXXX with the
// description REPLAYGAIN_TRACK_GAIN etc., Latin-1 text). An existing ID3v2.3 or 2.4 tag keeps its version
// and every other frame byte for byte; a file without one gets an ID3v2.4 tag. A tag that is
// unsynchronised as a whole, has an extended header or a footer, or is ID3v2.2, is refused rather than
// half understood. The MPEG audio after the tag (and an ID3v1 or APE tag at the end) is copied as it is.
import Foundation

enum ID3TagWriter {
  /// Room left after the frames of a new or grown tag, so that the next edit rarely moves the audio.
  static let padding = 1024

  static func rewrite(_ file: [UInt8], path: String, fields: [(String, String)]) throws(TagWriteError) -> [UInt8] {
    var version: UInt8 = 4
    var frames: [UInt8] = []
    var oldSize = 0
    var audioStart = 0
    if file.count >= 10, file.starts(with: Array("ID3".utf8)) {
      version = file[3]
      guard version == 3 || version == 4 else { throw .unsupported(path: path, format: "ID3v2.\(version)-tagged MP3") }
      guard file[5] & 0xD0 == 0 else {
        throw .unsupported(path: path, format: "MP3 with an unsynchronised, extended or footed ID3v2")
      }
      oldSize = file[6..<10].reduce(0) { ($0 << 7) | Int($1 & 0x7F) }
      audioStart = 10 + oldSize
      guard audioStart <= file.count else { throw .malformed(path: path, reason: "the ID3v2 tag runs past the end of the file") }
      frames = try kept(Array(file[10..<audioStart]), version: version, path: path)
    }
    for (name, value) in fields {
      let body = [0] + Array(name.utf8) + [0] + Array(value.utf8)
      let size = version == 4 ? syncsafe(body.count) : bigEndian(body.count)
      frames += Array("TXXX".utf8) + size + [0, 0] + body
    }
    let size = frames.count <= oldSize ? oldSize : frames.count + padding
    let header = Array("ID3".utf8) + [version, 0, 0] + syncsafe(size)
    return header + frames + [UInt8](repeating: 0, count: size - frames.count) + file[audioStart...]
  }

  /// The tag's frames without the TXXX frames this writer owns; stops at the padding.
  static func kept(_ body: [UInt8], version: UInt8, path: String) throws(TagWriteError) -> [UInt8] {
    var out: [UInt8] = []
    var offset = 0
    while offset + 10 <= body.count, body[offset] != 0 {
      let sizeBytes = body[offset + 4..<offset + 8]
      let size =
        version == 4
        ? sizeBytes.reduce(0) { ($0 << 7) | Int($1 & 0x7F) } : sizeBytes.reduce(0) { ($0 << 8) | Int($1) }
      let end = offset + 10 + size
      guard end <= body.count else { throw .malformed(path: path, reason: "an ID3v2 frame runs past its tag") }
      let frame = body[offset..<end]
      // Compressed, encrypted or unsynchronised frames are kept unread.
      let plain = version == 4 ? body[offset + 9] & 0x0F == 0 : body[offset + 9] & 0xC0 == 0
      if !(plain && frame.starts(with: Array("TXXX".utf8)) && isOwned(Array(frame.dropFirst(10)))) { out += frame }
      offset = end
    }
    return out
  }

  /// Whether a TXXX frame body's description is one of the ReplayGain names.
  static func isOwned(_ body: [UInt8]) -> Bool {
    guard let encoding = body.first else { return false }
    let text = Array(body.dropFirst())
    let description: String
    switch encoding {
    case 0, 3: description = String(decoding: text.prefix { $0 != 0 }, as: UTF8.self)
    case 1, 2:
      var units: [UInt16] = []
      var index = 0
      let bigEndian = encoding == 2 || (text.count >= 2 && text[0] == 0xFE && text[1] == 0xFF)
      while index + 1 < text.count {
        let unit =
          bigEndian ? UInt16(text[index]) << 8 | UInt16(text[index + 1]) : UInt16(text[index + 1]) << 8 | UInt16(text[index])
        if unit == 0 { break }
        if unit != 0xFEFF { units.append(unit) }
        index += 2
      }
      description = String(decoding: units, as: UTF16.self)
    default: return false
    }
    return ReplayGainValues.ownedNames.contains(description.uppercased())
  }

  static func syncsafe(_ n: Int) -> [UInt8] {
    [UInt8((n >> 21) & 0x7F), UInt8((n >> 14) & 0x7F), UInt8((n >> 7) & 0x7F), UInt8(n & 0x7F)]
  }

  static func bigEndian(_ n: Int) -> [UInt8] {
    [UInt8((n >> 24) & 0xFF), UInt8((n >> 16) & 0xFF), UInt8((n >> 8) & 0xFF), UInt8(n & 0xFF)]
  }
}
