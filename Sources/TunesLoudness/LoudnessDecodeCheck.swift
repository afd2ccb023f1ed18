// Whether a file decoded cleanly enough for its loudness to be kept. The player plays over damage (a
// skipped frame, a hole in an Ogg stream, a frame replaced by silence) and says so in warnings; a
// measurement of such audio is not the file's loudness, and a value once stored is applied on every play,
// so any warning, or a stream that ends before the length its header declares, means no value. An Ogg
// stream declares no length ahead: its length is the last page's position, so a file cut short reads as a
// shorter song. Its end is checked instead: the last page must be whole and carry the end-of-stream flag.
import Foundation
import TunesCore
import TunesDecoder

enum LoudnessDecodeCheck {
  /// Throws `damaged` naming the first problem of a decoder that has delivered `decoded` frames and
  /// reached its end.
  static func check(_ decoder: AudioDecoder, decoded: Int, path: String) throws(LoudnessError) {
    let warnings = decoder.warnings
    if let first = warnings.first {
      let more = warnings.count > 1 ? " (and \(warnings.count - 1) more problem\(warnings.count == 2 ? "" : "s"))" : ""
      throw .damaged(path: path, reason: first + more)
    }
    // An MP3 without a frame-count header whose frames could not be counted has an estimated length only.
    if let mp3 = decoder as? MPG123Decoder, !mp3.lengthIsExact { return }
    if let declared = decoder.totalFrames, decoded < declared {
      throw .damaged(path: path, reason: "the stream declares \(declared) sample frames but ends after \(decoded) (truncated)")
    }
    if decoder is VorbisDecoder || decoder is OpusDecoder, let problem = oggEndProblem(path: path) {
      throw .damaged(path: path, reason: problem)
    }
  }

  /// Why the Ogg file at `path` does not end with a whole end-of-stream page; nil when it does.
  static func oggEndProblem(path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return "cannot read the file's end" }
    defer { try? handle.close() }
    guard let size = try? handle.seekToEnd() else { return "cannot read the file's end" }
    // A page is at most 27 + 255 + 255 × 255 bytes.
    let start = size > 70_000 ? size - 70_000 : 0
    guard (try? handle.seek(toOffset: start)) != nil, let data = try? handle.readToEnd() else {
      return "cannot read the file's end"
    }
    let tail = [UInt8](data)
    let capture = Array("OggS".utf8)
    var index = tail.count - 4
    while index >= 0 && !tail[index..<index + 4].elementsEqual(capture) { index -= 1 }
    guard index >= 0 else { return "no Ogg page at the end of the file (truncated)" }
    guard tail.count >= index + 27, tail.count >= index + 27 + Int(tail[index + 26]) else {
      return "the last Ogg page is cut short (truncated)"
    }
    let segments = Int(tail[index + 26])
    let length = 27 + segments + tail[(index + 27)..<(index + 27 + segments)].reduce(0) { $0 + Int($1) }
    if index + length > tail.count { return "the last Ogg page is cut short (truncated)" }
    if tail[index + 5] & 0x04 == 0 { return "the stream ends without its end-of-stream page (truncated)" }
    return nil
  }
}
