// A client that sends bytes MPDClient would never send (broken lines, unfinished command lists) and reads
// whatever the server answers: how tests look at the protocol itself, byte for byte, on the Unix socket
// or on TCP.
import Foundation
import TunesMPD

/// Sends `bytes` on a fresh connection to the Unix socket `path` and returns everything received until
/// `replies` replies have ended (lines `OK` or `ACK …`) or the server closes the connection (then the
/// result ends with "<closed>"). Gives up after `replySeconds` without data: a minute, as a busy machine can
/// hold a reply back for many seconds, and a reply that comes ends the wait at once.
public func rawExchange(path: String, bytes: [UInt8], replies: Int) throws -> String {
  let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
  defer { close(fd) }
  var address = sockaddr_un()
  address.sun_family = sa_family_t(AF_UNIX)
  withUnsafeMutableBytes(of: &address.sun_path) { raw in
    let p = Array(path.utf8)
    raw.copyBytes(from: p)
    raw[p.count] = 0
  }
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
  }
  guard connected == 0 else { throw ControlError.noPlayer }
  return exchange(fd, bytes: bytes, replies: replies)
}

/// `rawExchange(path:bytes:replies:)` over TCP to `127.0.0.1:port`: what a client that is not local sends.
public func rawExchange(port: Int, bytes: [UInt8], replies: Int) throws -> String {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  defer { close(fd) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
  address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
  }
  guard connected == 0 else { throw ControlError.noPlayer }
  return exchange(fd, bytes: bytes, replies: replies)
}

/// How long `rawExchange` waits for more of a reply.
let replySeconds = 60

/// Sends `bytes` on the connected socket `fd` and reads as `rawExchange` describes.
private func exchange(_ fd: Int32, bytes: [UInt8], replies: Int) -> String {
  var timeout = timeval(tv_sec: replySeconds, tv_usec: 0)
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  var offset = 0
  while offset < bytes.count {
    let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    if n <= 0 { break }
    offset += n
  }
  var received: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65536)
  while true {
    let n = recv(fd, &chunk, chunk.count, 0)
    if n == 0 { return String(decoding: received, as: UTF8.self) + "<closed>" }
    if n < 0 {
      if errno == ECONNRESET { return String(decoding: received, as: UTF8.self) + "<closed>" }
      return String(decoding: received, as: UTF8.self)
    }
    received.append(contentsOf: chunk[0..<n])
    let lines = String(decoding: received, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let ended = lines.dropFirst().filter { $0 == "OK" || $0.hasPrefix("ACK [") }.count
    if replies > 0, ended >= replies, received.last == 0x0A { return String(decoding: received, as: UTF8.self) }
  }
}
