// Thin POSIX socket helpers shared by the server and the client: addresses, non-blocking mode,
// and sends that never raise SIGPIPE.
import Foundation
import TunesCore

enum Sockets {
  static var stream: Int32 { Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) }

  static func withUnixAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) throws(ControlError) -> T {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw .socketPathTooLong(path: path) }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
  }

  static func withIPv4Address<T>(_ host: String, port: Int, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T)
    throws(ControlError) -> T
  {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
    guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw .badAddress(host) }
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
  }

  static func setNonBlocking(_ fd: Int32) {
    let flags = fcntl(fd, F_GETFL)
    _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
  }

  /// Writes what the socket takes now; returns bytes written, 0 when it would block, -1 on a broken connection.
  static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return 0 }
    while true {
      let n = Glibc.send(fd, base, bytes.count, Int32(MSG_NOSIGNAL))
      if n >= 0 { return n }
      if errno == EINTR { continue }
      if errno == EAGAIN || errno == EWOULDBLOCK { return 0 }
      return -1
    }
  }

  /// Whether the peer of a Unix socket connection runs as this process's user (SO_PEERCRED): MPD's
  /// "local client", the one that may name files outside the music folder.
  static func peerIsOwner(_ fd: Int32) -> Bool {
    // struct ucred: pid, uid, gid.
    var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
    var length = socklen_t(MemoryLayout.size(ofValue: credentials))
    guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return false }
    return length == socklen_t(MemoryLayout.size(ofValue: credentials)) && credentials.uid == geteuid()
  }

  /// Is something accepting connections on this Unix socket path? (A stale socket refuses them.)
  static func isListening(_ path: String) -> Bool {
    let fd = socket(AF_UNIX, stream, 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    setNonBlocking(fd)
    let result = (try? withUnixAddress(path) { connect(fd, $0, $1) }) ?? -1
    // EAGAIN: the listener's backlog is full, so it is alive.
    return result == 0 || errno == EAGAIN || errno == EINPROGRESS
  }
}
