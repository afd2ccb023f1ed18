// Writes Vorbis comments into a FLAC file: the metadata blocks are read, the VORBIS_COMMENT block
// rewritten (or added after STREAMINFO), and the new file is the old one's bytes with only that block
// changed: an ID3v2 tag in front, every other block and every audio frame are copied as they are.
import Foundation

enum FLACTagWriter {
  static func rewrite(_ file: [UInt8], path: String, fields: [(String, String)]) throws(TagWriteError) -> [UInt8] {
    var start = 0
    if file.count >= 10, file.starts(with: Array("ID3".utf8)) {
      let size = file[6..<10].reduce(0) { ($0 << 7) | Int($1 & 0x7F) }
      start = 10 + size + (file[5] & 0x10 != 0 ? 10 : 0)
    }
    guard file.count >= start + 4, file[start..<start + 4].elementsEqual("fLaC".utf8) else {
      throw .malformed(path: path, reason: "no fLaC marker")
    }
    var blocks: [(type: UInt8, body: ArraySlice<UInt8>)] = []
    var offset = start + 4
    var last = false
    while !last {
      guard offset + 4 <= file.count else { throw .malformed(path: path, reason: "metadata cut short") }
      last = file[offset] & 0x80 != 0
      let type = file[offset] & 0x7F
      let length = Int(file[offset + 1]) << 16 | Int(file[offset + 2]) << 8 | Int(file[offset + 3])
      guard offset + 4 + length <= file.count else { throw .malformed(path: path, reason: "metadata cut short") }
      blocks.append((type, file[offset + 4..<offset + 4 + length]))
      offset += 4 + length
    }
    guard blocks.first?.type == 0 else { throw .malformed(path: path, reason: "no STREAMINFO block first") }
    let empty: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0]  // no vendor, no comments
    let index = blocks.firstIndex { $0.type == 4 }
    guard
      let edited = VorbisCommentEdit.edit(
        Array(index.map { blocks[$0].body } ?? empty[...]), removing: ReplayGainValues.ownedNames, adding: fields),
      edited.count < 1 << 24
    else { throw .malformed(path: path, reason: "damaged VORBIS_COMMENT block") }
    if let index { blocks[index].body = edited[...] } else { blocks.insert((4, edited[...]), at: 1) }
    var out = Array(file[0..<start + 4])
    for (number, block) in blocks.enumerated() {
      let count = block.body.count
      out += [
        (number == blocks.count - 1 ? 0x80 : 0) | block.type, UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF),
        UInt8(count & 0xFF),
      ]
      out += block.body
    }
    return out + file[offset...]
  }
}

extension FLACTagWriter {
  /// A FLAC stream behind an ID3v2 tag (which the format detector counts as MP3).
  static func isFLACBehindID3(_ file: [UInt8]) -> Bool {
    guard file.count >= 10, file.starts(with: Array("ID3".utf8)) else { return false }
    let start = 10 + file[6..<10].reduce(0) { ($0 << 7) | Int($1 & 0x7F) } + (file[5] & 0x10 != 0 ? 10 : 0)
    return file.count >= start + 4 && file[start..<start + 4].elementsEqual("fLaC".utf8)
  }
}
