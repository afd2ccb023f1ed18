// Stopping the server while a command still runs in the backend: the command ends later, and what it
// does then must touch nothing the server no longer owns. The numbers of the descriptors the server
// closed are handed out again at once, to whatever opens a file or socket next.
import Foundation
import Testing
import TunesMPDTesting

@testable import TunesMPD

@Suite struct ServerStopTests {
  @Test func aCommandEndingAfterStopWritesToNoDescriptorOpenedSince() async throws {
    let h = try await Harness.start()
    await h.backend.setResponseDelay(.seconds(1))
    let path = h.socket
    // A list whose `setvol` is recorded at once and whose `status` then takes the delay. The client
    // waits for a reply that never comes (the server closes the connection when it stops).
    let client = Task {
      try await offCooperativePool {
        let c = try MPDClient(socketPath: path, timeoutSeconds: replySeconds)
        try c.sendLine("command_list_begin\nsetvol 77\nstatus\ncommand_list_end")
        _ = try? c.readReply(command: "command_list_end")
      }
    }
    #expect(await eventually(30) { await h.backend.calls.contains("setvol 77") })
    h.stop()
    // Descriptors opened now take the lowest free numbers, the ones the server just closed among them.
    // Socket pairs: a byte written to either end can be read at the other.
    var opened: [Int32] = []
    for _ in 0..<16 {
      var fds: [Int32] = [-1, -1]
      guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else { break }
      for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
      opened += fds
    }
    let pairs = opened
    defer { for fd in pairs { close(fd) } }
    // The command ends: a `status` asked now takes the same delay, begun after the list's.
    _ = await h.backend.status()
    try await client.value
    let strayByte = await eventually(3) {
      pairs.contains { fd in
        var byte: UInt8 = 0
        return read(fd, &byte, 1) == 1
      }
    }
    #expect(!strayByte, "a byte was written to a descriptor the server had closed")
  }
}
