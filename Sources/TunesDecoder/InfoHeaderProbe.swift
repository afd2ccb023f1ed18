// Tells whether an MP3 carries a Xing/Info/VBRI header, i.e. whether libmpg123's length is exact without
// a full scan. libmpg123 consumes that frame silently and exposes no flag for it, so we look at the bytes.
// A header whose byte count promises more than the file holds (a download cut short) is not trusted:
// its frame count is the whole song's, not what the file plays, so the frames are counted instead, as
// the tag reader (TunesTags' MPEGStream) counts them for the library's length; and the file is said to
// be cut short, so that nothing measured from it (its loudness) is taken for the whole song's.
import Foundation

enum InfoHeaderProbe {
  enum Finding: Equatable {
    /// No Xing/Info/VBRI header: the frames must be counted for an exact length.
    case none
    /// A header the file holds whole: its frame count is the length.
    case exact
    /// A header counting `promised` bytes where the file holds `held`: a file cut short.
    case cutShort(promised: Int, held: Int)
  }

  /// True when a Xing, Info or VBRI tag sits in an MPEG frame that ends right before `firstAudioFrame`
  /// (the byte offset of the first audio frame, as libmpg123 reports it), and the file holds every byte
  /// the tag counts.
  static func hasInfoHeader(path: String, firstAudioFrame: Int) -> Bool {
    examine(path: path, firstAudioFrame: firstAudioFrame) == .exact
  }

  /// What the header before `firstAudioFrame` says of the stream's length, and whether the file holds it.
  static func examine(path: String, firstAudioFrame: Int) -> Finding {
    guard firstAudioFrame > 0, let handle = FileHandle(forReadingAtPath: path) else { return .none }
    defer { try? handle.close() }
    // The largest layer III frame is under 3 KiB; the info frame is the one just before the audio.
    let start = max(0, firstAudioFrame - 4096)
    guard (try? handle.seek(toOffset: UInt64(start))) != nil,
      let data = try? handle.read(upToCount: firstAudioFrame - start),
      let fileSize = try? handle.seekToEnd()
    else { return .none }
    let bytes = [UInt8](data)
    let tags: [[UInt8]] = [Array("Xing".utf8), Array("Info".utf8), Array("VBRI".utf8)]
    // Side-information sizes put the tag 13, 21 or 36 bytes after the frame header (36 for VBRI).
    let headerDistances = [13, 21, 36]
    guard bytes.count >= 8 else { return .none }
    for index in 0..<(bytes.count - 4) where tags.contains(where: { bytes[index..<index + 4].elementsEqual($0) }) {
      for distance in headerDistances where index >= distance {
        let header = index - distance
        guard bytes[header] == 0xFF && bytes[header + 1] & 0xE0 == 0xE0 else { continue }
        guard let promised = promisedBytes(bytes, tagAt: index) else { return .exact }
        // The count runs from the header's frame (some encoders count the ID3v2 tag before it too).
        let held = Int(fileSize) - (start + header)
        return held >= promised || Int(fileSize) == promised ? .exact : .cutShort(promised: promised, held: held)
      }
    }
    return .none
  }

  /// The stream's length in bytes the tag at `index` states, if it states one: Xing/Info after the flags
  /// when bit 1 is set (after the frame count when bit 0 is), VBRI at a fixed place.
  static func promisedBytes(_ bytes: [UInt8], tagAt index: Int) -> Int? {
    func bigEndian(at offset: Int) -> Int? {
      guard offset >= 0, offset + 4 <= bytes.count else { return nil }
      return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    if bytes[index] == UInt8(ascii: "V") { return bigEndian(at: index + 10).flatMap { $0 > 0 ? $0 : nil } }
    guard let flags = bigEndian(at: index + 4), flags & 2 != 0 else { return nil }
    return bigEndian(at: index + 8 + (flags & 1 != 0 ? 4 : 0)).flatMap { $0 > 0 ? $0 : nil }
  }
}
