// Rewrites a Vorbis comment list (FLAC's VORBIS_COMMENT block, Ogg Vorbis's and Opus's comment packets):
// keeps the vendor string and every comment but those named, appends the new ones. Names compare
// without case, as the Vorbis comment specification says.
import Foundation

enum VorbisCommentEdit {
  /// `body` is the list itself: vendor length and vendor, count, comments; anything after them (Vorbis's
  /// framing bit, Opus's padding) is returned unchanged in `rest`.
  static func edit(_ body: [UInt8], removing names: Set<String>, adding fields: [(String, String)]) -> [UInt8]? {
    var offset = 0
    func le32() -> Int? {
      guard offset + 4 <= body.count else { return nil }
      defer { offset += 4 }
      return Int(body[offset]) | Int(body[offset + 1]) << 8 | Int(body[offset + 2]) << 16 | Int(body[offset + 3]) << 24
    }
    guard let vendorLength = le32(), offset + vendorLength <= body.count else { return nil }
    let vendor = body[offset..<offset + vendorLength]
    offset += vendorLength
    guard let count = le32() else { return nil }
    var kept: [ArraySlice<UInt8>] = []
    for _ in 0..<count {
      guard let length = le32(), offset + length <= body.count else { return nil }
      let comment = body[offset..<offset + length]
      offset += length
      let name = String(decoding: comment.prefix { $0 != UInt8(ascii: "=") }, as: UTF8.self).uppercased()
      if !names.contains(name) { kept.append(comment) }
    }
    let added = fields.map { Array(($0.0 + "=" + $0.1).utf8)[...] }
    var out: [UInt8] = []
    func put32(_ value: Int) {
      out += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24 & 0xFF)]
    }
    put32(vendor.count)
    out += vendor
    put32(kept.count + added.count)
    for comment in kept + added {
      put32(comment.count)
      out += comment
    }
    return out + body[offset...]
  }
}
