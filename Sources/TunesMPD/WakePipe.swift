// The server loop's wake-up pipe: other threads write a byte to it to make the loop's poll() return.
// Its descriptors are closed when the last holder lets go, not when the server stops: the change feed
// and a command still running in the backend may write to it after the loop has ended, and a closed
// descriptor's number is soon another file's or socket's (a stray byte written there reached another
// client's socket as the start of a bad command).
import Foundation
import TunesCore

final class WakePipe: Sendable {
  let readEnd: Int32
  let writeEnd: Int32

  init() throws(ControlError) {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw .system(call: "pipe", target: "", errno: errno) }
    for fd in fds {
      Sockets.setNonBlocking(fd)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    (readEnd, writeEnd) = (fds[0], fds[1])
  }

  deinit {
    close(readEnd)
    close(writeEnd)
  }

  /// Makes the loop's poll() return (a full pipe already will).
  func wake() {
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  /// Empties the pipe, so the next poll() waits for a new wake.
  func drain() {
    var sink = [UInt8](repeating: 0, count: 256)
    while read(readEnd, &sink, sink.count) > 0 {}
  }
}
