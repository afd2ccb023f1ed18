// Asking the player for `tunes status`'s line: one `tunes_status` on its MPD socket, whose whole reply
// must be the greeting, `line: TEXT` and `OK`. The player renders and makes the text safe for a terminal
// (PlayerBackendStatusLine); the front only copies it. Anything else (no connection, an ACK from a
// player or an mpd without the command, a broken reply, no answer within two seconds) gives nil and the
// full program asks in its own way, reporting what went wrong.
import CFront

enum StatusLineRequest {
  /// The line's bytes, or nil.
  static func ask(socket path: [UInt8]) -> [UInt8]? {
    var address = sockaddr_un()
    // Too long for a Unix socket: the full program says so.
    guard path.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for index in path.indices { raw[index] = path[index] }
      raw[path.count] = 0
    }
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    // Shorter than the full program's wait (TUNES_PLAYER_TIMEOUT, 30 s): a player that slow is the full
    // program's to report.
    var timeout = timeval(tv_sec: 2, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else { return nil }
    // Sent before the greeting is read: the request waits in the socket, and one round trip is saved.
    let request = Bytes.of("tunes_status\n")
    let sent = request.withUnsafeBufferPointer { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    guard sent == request.count else { return nil }
    var reply: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      switch verdict(reply) {
      case .line(let line): return line
      case .refused: return nil
      case .incomplete: break
      }
      guard reply.count < 65536 else { return nil }
      let count = recv(descriptor, &chunk, chunk.count, 0)
      if count < 0 && front_errno() == EINTR { continue }
      guard count > 0 else { return nil }
      reply += chunk[0..<count]
    }
  }

  enum Verdict: Equatable {
    case line([UInt8])
    case refused
    case incomplete
  }

  /// What the reply read so far says: it is decided as soon as a line differs from what is expected.
  static func verdict(_ reply: [UInt8]) -> Verdict {
    let lines = reply.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
    if lines.count >= 1 && !lines[0].starts(with: Bytes.of("OK MPD ")) { return .refused }
    if lines.count >= 2 && !lines[1].starts(with: Bytes.of("line: ")) { return .refused }
    guard lines.count >= 3 else { return .incomplete }
    // Exactly three lines, the last `OK`: nothing else may follow.
    guard lines.count == 3, reply.last == UInt8(ascii: "\n"), lines[2].elementsEqual(Bytes.of("OK")) else {
      return .refused
    }
    return .line(Array(lines[1].dropFirst(6)))
  }
}
