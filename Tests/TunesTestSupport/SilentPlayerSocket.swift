// A player that hangs, for the tests of how long tunes' own clients wait: a Unix socket that greets each
// client as an MPD server does and then reads what it is sent and never answers, until it is closed.
import Foundation

public final class SilentPlayerSocket: @unchecked Sendable {
  // @unchecked: `listener` is set once in init; `clients` is guarded by `lock`.
  public let path: String
  private let listener: Int32
  private let lock = NSLock()
  private var clients: [Int32] = []

  /// Listens on `path` (which must not exist yet) and greets every client from a thread of its own.
  public init(path: String) throws {
    self.path = path
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    self.listener = listener
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard listener >= 0, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      throw POSIXError(.EINVAL)
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: bytes) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard bound == 0, listen(listener, 8) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    Thread { [self] in
      while true {
        let client = accept(listener, nil, nil)
        guard client >= 0 else { return }  // closed
        lock.withLock { clients.append(client) }
        _ = Array("OK MPD 0.23.5\n".utf8).withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      }
    }.start()
  }

  /// Stops listening and hangs up on every client.
  public func close() {
    shutdown(listener, Int32(SHUT_RDWR))
    Glibc.close(listener)
    for client in lock.withLock({ clients }) { Glibc.close(client) }
    unlink(path)
  }
}
