// The bounds on replies a client has not read: each client's (MPD's `max_output_buffer_size`) and all
// clients' together. A client past either is closed, with a line in the log, and the others are served.
import Foundation
import Synchronization
import Testing

@testable import TunesMPD

@Suite struct OutputBoundTests {
  /// Connects to `path`, shrinks the receive buffer, sends `request` and never reads; returns the fd.
  static func silentClient(_ path: String, sending request: String) -> Int32 {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: Array(path.utf8)) }
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    var small: Int32 = 4096
    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
    var timeout = timeval(tv_sec: 2, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let bytes = Array(request.utf8)
    _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    return fd
  }

  /// Five clients that never read, each under its own bound, together pass the bound of all clients:
  /// those holding the most are closed until the rest fit, and a reading client is answered throughout.
  @Test func clientsThatNeverReadArePastTheTotalBoundClosed() async throws {
    let lines = Mutex<[String]>([])
    let h = try await Harness.start { configuration in
      configuration.maximumOutputBytes = 64 << 20
      configuration.maximumTotalOutputBytes = 256 << 10
      configuration.log = { line in lines.withLock { $0.append(line) } }
    }
    defer { h.stop() }
    let path = h.socket
    let request = String(repeating: "listallinfo\n", count: 1500)
    let fds = (0..<5).map { _ in Self.silentClient(path, sending: request) }
    defer { for fd in fds { close(fd) } }
    let answered = try await offCooperativePool { () -> Bool in
      let other = try MPDClient(socketPath: path, timeoutSeconds: replySeconds)
      return MPDClient.dictionary(try other.run("status"))["state"] == "stop"
    }
    #expect(answered)
    // Each silent client's replies alone pass the total bound: all five end up closed.
    #expect(await eventually(60) { h.server.clientCount == 0 })
    let logged = lines.withLock { $0 }
    #expect(logged.count >= 5)
    #expect(logged.allSatisfy { $0.contains("past the bound of 262144") && $0.hasPrefix("closing MPD client") })
  }

  @Test func aClientPastItsOwnBoundIsClosedWithALogLine() async throws {
    let lines = Mutex<[String]>([])
    let h = try await Harness.start { configuration in
      configuration.maximumOutputBytes = 64 << 10
      configuration.log = { line in lines.withLock { $0.append(line) } }
    }
    defer { h.stop() }
    let fd = Self.silentClient(h.socket, sending: String(repeating: "listallinfo\n", count: 2000))
    defer { close(fd) }
    #expect(await eventually(60) { h.server.clientCount == 0 && !lines.withLock({ $0.isEmpty }) })
    #expect(lines.withLock { $0 } == ["closing MPD client 1: its unread replies would pass 65536 bytes (max_output_buffer_size)"])
  }
}
