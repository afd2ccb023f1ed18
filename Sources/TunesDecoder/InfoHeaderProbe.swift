// Tells whether an MP3 carries a Xing/Info/VBRI header, i.e. whether libmpg123's length is exact without
// a full scan. libmpg123 consumes that frame silently and exposes no flag for it, so we look at the bytes.
import Foundation

enum InfoHeaderProbe {
  /// True when a Xing, Info or VBRI tag sits in an MPEG frame that ends right before `firstAudioFrame`
  /// (the byte offset of the first audio frame, as libmpg123 reports it).
  static func hasInfoHeader(path: String, firstAudioFrame: Int) -> Bool {
    guard firstAudioFrame > 0, let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    // The largest layer III frame is under 3 KiB; the info frame is the one just before the audio.
    let start = max(0, firstAudioFrame - 4096)
    guard (try? handle.seek(toOffset: UInt64(start))) != nil,
      let data = try? handle.read(upToCount: firstAudioFrame - start)
    else { return false }
    let bytes = [UInt8](data)
    let tags: [[UInt8]] = [Array("Xing".utf8), Array("Info".utf8), Array("VBRI".utf8)]
    // Side-information sizes put the tag 13, 21 or 36 bytes after the frame header (36 for VBRI).
    let headerDistances = [13, 21, 36]
    guard bytes.count >= 8 else { return false }
    for index in 0..<(bytes.count - 4) where tags.contains(where: { bytes[index..<index + 4].elementsEqual($0) }) {
      for distance in headerDistances where index >= distance {
        let header = index - distance
        if bytes[header] == 0xFF && bytes[header + 1] & 0xE0 == 0xE0 { return true }
      }
    }
    return false
  }
}
