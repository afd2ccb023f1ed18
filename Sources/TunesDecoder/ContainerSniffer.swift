// Tells a file's audio format from its first bytes, never from its name: a FLAC renamed .mp3 still plays
// as FLAC. Hand-written because each test is a few fixed bytes (fLaC, OggS and the first packet's codec
// header, ftyp, an ID3v2 tag's length) and no library answers "which library should open this?".
import Foundation

public enum AudioContainer: String, Sendable, CaseIterable {
  case flac
  case vorbis
  case opus
  /// FLAC in Ogg (the FLAC-to-Ogg mapping, `flac --ogg`, usually .oga).
  case oggFLAC
  case mp4
  case mp3

  /// The format's name in messages.
  public var displayName: String {
    switch self {
    case .flac: "FLAC"
    case .vorbis: "Ogg Vorbis"
    case .opus: "Ogg Opus"
    case .oggFLAC: "Ogg FLAC"
    case .mp4: "MP4"
    case .mp3: "MP3"
    }
  }
}

enum ContainerSniffer {
  /// Reads at most a few hundred bytes (plus an ID3v2 tag's length) of `path`.
  static func sniff(path: String) throws -> AudioContainer {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw DecoderError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
    }
    defer { try? handle.close() }
    let head = [UInt8]((try? handle.read(upToCount: 512)) ?? Data())
    if let skip = id3v2Length(head) {
      // An ID3v2 tag in front: FLAC when fLaC follows it, MP3 otherwise (libmpg123 skips the tag).
      guard (try? handle.seek(toOffset: UInt64(skip))) != nil, let next = try? handle.read(upToCount: 4) else {
        return .mp3
      }
      return [UInt8](next) == Array("fLaC".utf8) ? .flac : .mp3
    }
    return try container(of: head, path: path)
  }

  static func container(of head: [UInt8], path: String) throws -> AudioContainer {
    if head.starts(with: Array("fLaC".utf8)) { return .flac }
    if head.count >= 12 && head[4..<8].elementsEqual("ftyp".utf8) { return .mp4 }
    if head.starts(with: Array("OggS".utf8)) {
      // Each stream's first page holds its identification packet right after its segment table, and these
      // pages come first: a video's Theora stream may come before the Vorbis or Opus one that is played.
      guard head.count > 27 else { throw DecoderError.invalid(path: path, format: "Ogg", reason: "first page cut short") }
      let first = Array(head.dropFirst(27 + Int(head[26])))
      var page = 0
      while page + 27 < head.count, head[page..<page + 4].elementsEqual("OggS".utf8), head[page + 5] & 0x02 != 0 {
        let segments = Int(head[page + 26])
        guard page + 27 + segments <= head.count else { break }
        let packet = Array(head.dropFirst(page + 27 + segments))
        if packet.starts(with: [0x01] + Array("vorbis".utf8)) { return .vorbis }
        if packet.starts(with: Array("OpusHead".utf8)) { return .opus }
        if packet.starts(with: [0x7F] + Array("FLAC".utf8)) { return .oggFLAC }
        page += 27 + segments + head[page + 27..<page + 27 + segments].reduce(0) { $0 + Int($1) }
      }
      let codec = first.prefix(8).map { (0x20..<0x7F).contains($0) ? String(UnicodeScalar($0)) : "." }.joined()
      throw DecoderError.unknownFormat(path: path, reason: "an Ogg stream of neither Vorbis, Opus nor FLAC (\"\(codec)\")")
    }
    if head.count >= 2 && head[0] == 0xFF && head[1] & 0xE0 == 0xE0 { return .mp3 }
    if head.isEmpty { throw DecoderError.unknownFormat(path: path, reason: "the file is empty") }
    // No known magic: libmpg123 searches for a frame sync and says clearly when it finds none.
    return .mp3
  }

  /// The bytes an ID3v2 tag at the start takes (header, body, footer), nil when there is none.
  static func id3v2Length(_ head: [UInt8]) -> Int? {
    guard head.count >= 10, head.starts(with: Array("ID3".utf8)), head[6..<10].allSatisfy({ $0 < 0x80 }) else { return nil }
    let size = head[6..<10].reduce(0) { ($0 << 7) | Int($1) }
    return 10 + size + (head[5] & 0x10 != 0 ? 10 : 0)
  }
}
