// Tells why libvorbisfile refused a file: a chained Ogg file (whole streams one after another) whose later
// link is not Vorbis (Vorbis then Opus) makes ov_fopen fail with OV_EREAD, which would read as an I/O
// error. Looked at only after such a failure: the pages' headers are scanned for a stream that starts with
// another codec's identification header. Hand-written: the page header (RFC 3533) is all it reads.
import Glibc

enum OggChainProbe {
  /// The first stream after the first that is Opus or FLAC, numbered from 0 as libvorbisfile numbers
  /// links, with its codec's name; nil when there is none or the file cannot be read.
  static func foreignLink(path: String) -> (number: Int, codec: String)? {
    guard let bytes = contents(path) else { return nil }
    var link = -1
    var p = 0
    while p + 27 <= bytes.count {
      // Pages are found by their capture pattern: this runs on a file libvorbisfile already refused.
      guard bytes[p] == 0x4F, bytes[p + 1] == 0x67, bytes[p + 2] == 0x67, bytes[p + 3] == 0x53, bytes[p + 4] == 0 else {
        p += 1
        continue
      }
      let segments = Int(bytes[p + 26])
      let body = p + 27 + segments
      guard body <= bytes.count else { break }
      let size = bytes[p + 27..<body].reduce(0) { $0 + Int($1) }
      if bytes[p + 5] & 0x02 != 0 {  // a stream starts here
        link += 1
        let start = bytes[body..<min(bytes.count, body + 8)]
        // Only codecs it knows are named: a stream multiplexed beside the audio also starts a stream.
        if link > 0 && start.starts(with: Array("OpusHead".utf8)) { return (link, "Opus") }
        if link > 0 && start.starts(with: [0x7F] + Array("FLAC".utf8)) { return (link, "FLAC") }
      }
      p = body + size
    }
    return nil
  }

  private static func contents(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, $0.count - done, off_t(done)) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { return nil }
      done += n
    }
    return bytes
  }
}
