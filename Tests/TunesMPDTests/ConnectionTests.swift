// The connection layer: command lists, idle, garbage, long lines, disconnects, many idle clients, a
// client that never reads, the TCP password, and the socket's file mode and ownership rules.
import Foundation
import Testing
import TunesMPDTesting

@testable import TunesMPD

@Suite struct CommandListTests {
  @Test func listRunsEveryCommandAndEndsWithOneOK() async throws {
    let h = try await Harness.start()
    defer { h.stop() }
    let reply = try await h.raw(replies: 2, "command_list_begin\nadd loose.mp3\nsetvol 10\ngetvol\ncommand_list_end\nping\n")
    #expect(reply == "OK MPD 0.23.5\nvolume: 10\nOK\nOK\n")
    #expect(await h.backend.status().playlistLength == 1)
  }

  @Test func okListSeparatesReplies() async throws {
    let h = try await Harness.start()
    defer { h.stop() }
    let reply = try await h.raw(replies: 1, "command_list_ok_begin\nping\ngetvol\ncommand_list_end\n")
    #expect(reply == "OK MPD 0.23.5\nlist_OK\nvolume: 50\nlist_OK\nOK\n")
  }

  @Test func failureNamesTheIndexAndStopsTheList() async throws {
    let h = try await Harness.start()
    defer { h.stop() }
    let reply = try await h.raw(
      replies: 2,
      "command_list_ok_begin\nsetvol 20\nfoo\nsetvol 30\ncommand_list_end\ncommand_list_begin\nping\nplay 9\ncommand_list_end\n")
    #expect(reply == "OK MPD 0.23.5\nlist_OK\nACK [5@1] {} unknown command \"foo\"\nACK [2@1] {play} Bad song index\n")
    #expect(await h.backend.status().volume == 20)
  }

  @Test func misuseOfLists() async throws {
    let h = try await Harness.start()
    defer { h.stop() }
    #expect(
      try await h.raw(replies: 2, "command_list_end\nping\n")
        == "OK MPD 0.23.5\nACK [1@0] {command_list_end} not in command list\nOK\n")
    // MPD drops a client that idles or nests inside a list.
    #expect(try await h.raw(replies: 0, "command_list_begin\nidle\nping\n") == "OK MPD 0.23.5\n<closed>")
    #expect(
      try await h.raw(replies: 3, "command_list_begin\nping\n\"bad\ncommand_list_end\nping\n")
        == "OK MPD 0.23.5\nACK [5@1] {} Letter expected\nACK [1@0] {command_list_end} not in command list\nOK\n")
  }
}

@Suite struct IdleTests {
  @Test func noidleEndsIdleWithJustOK() async throws {
    let h = try await Harness.start()
    defer { h.stop() }
    #expect(try await h.raw(replies: 2, "idle player\nnoidle\nping\n") == "OK MPD 0.23.5\nOK\nOK\n")
    #expect(try await h.raw(replies: 1, "idle bogus\n") == "OK MPD 0.23.5\nACK [2@0] {idle} Unrecognized idle event: bogus\n")
    // Any command but noidle while idling ends the connection, as in MPD.
    #expect(try await h.raw(replies: 0, "idle\nstatus\n") == "OK MPD 0.23.5\n<closed>")
  }
}

@Suite struct RobustnessTests {
  @Test func garbageGetsAcksAndTheConnectionLives() async throws {
    let h = try await Harness.start()
    defer { h.stop() }
    var bytes: [UInt8] = [0x00, 0x01, 0xFF, 0x0A]  // NUL and invalid UTF-8
    bytes += Array("\"oops\n'x\nstatus \"a\nping\r\n\n".utf8)
    let reply = try await h.raw(replies: 6, bytes)
    #expect(
      reply == """
        OK MPD 0.23.5
        ACK [5@0] {} Letter expected
        ACK [5@0] {} Letter expected
        ACK [5@0] {} Letter expected
        ACK [5@0] {} Missing closing '"'
        OK
        ACK [5@0] {} No command given

        """)
    #expect(try await h.client { c in MPDClient.dictionary(try c.run("status"))["state"] } == "stop")
  }

  @Test func aLineLongerThanTheLimitIsRefusedAndClosed() async throws {
    let h = try await Harness.start()
    defer { h.stop() }
    let long = "add " + String(repeating: "a", count: MPDRequestParser.maximumLineLength + 10) + "\nping\n"
    #expect(try await h.raw(replies: 0, long) == "OK MPD 0.23.5\nACK [2@0] {} line too long\n<closed>")
    // Without a newline at all: refused as soon as the buffer passes the limit.
    let endless = [UInt8](repeating: 0x61, count: 3 * MPDRequestParser.maximumLineLength)
    #expect(try await h.raw(replies: 0, endless) == "OK MPD 0.23.5\nACK [2@0] {} line too long\n<closed>")
    // Exactly at the limit is still a line.
    let atLimit = "x" + String(repeating: "a", count: MPDRequestParser.maximumLineLength - 1) + "\n"
    #expect(try await h.raw(replies: 1, atLimit).hasPrefix("OK MPD 0.23.5\nACK [5@0] {} unknown command \"xaaa"))
  }

  @Test func aClientThatLeavesMidCommandDoesNotDisturbThePlayer() async throws {
    let h = try await Harness.start()
    defer { h.stop() }
    await h.backend.setResponseDelay(.milliseconds(300))
    let path = h.socket
    // Send a slow command and a change, then vanish before any reply.
    try await offCooperativePool {
      let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_un()
      address.sun_family = sa_family_t(AF_UNIX)
      withUnsafeMutableBytes(of: &address.sun_path) { raw in
        raw.copyBytes(from: Array(path.utf8))
      }
      _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
      }
      let request = Array("command_list_begin\nsetvol 77\nstatus\nadd loose.mp3\ncommand_list_end\n".utf8)
      _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      Thread.sleep(forTimeInterval: 0.05)
      close(fd)
    }
    #expect(await eventually(60) { await h.backend.calls.contains("add loose.mp3") })
    await h.backend.setResponseDelay(.zero)
    // The list ran to completion for the player; the server serves others as before.
    let status = try await h.client { c in MPDClient.dictionary(try c.run("status")) }
    #expect(status["volume"] == "77" && status["playlistlength"] == "1")
    #expect(await eventually(60) { h.server.clientCount == 0 })
  }

  @Test func aThousandIdleClientsAreAllWoken() async throws {
    let h = try await Harness.start()
    defer { h.stop() }
    let path = h.socket
    let server = h.server
    let count = 1000
    let started = Date()
    let woken = try await offCooperativePool { () -> Int in
      var fds: [Int32] = []
      defer { for fd in fds { close(fd) } }
      for _ in 0..<count {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: Array(path.utf8)) }
        let ok = withUnsafePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard ok == 0 else { throw ControlError.system(call: "connect", target: path, errno: errno) }
        _ = Array("idle player\n".utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        fds.append(fd)
      }
      return try readAll(
        fds, until: "changed: player\nOK\n",
        trigger: {
          let client = try MPDClient(socketPath: path, timeoutSeconds: replySeconds)
          // Every connection accepted (a session remembers changes even before its idle line is read).
          for _ in 0..<6000 where server.clientCount < count + 1 { Thread.sleep(forTimeInterval: 0.01) }
          try client.run("add", ["loose.mp3"])
          try client.run("play", ["0"])
        })
    }
    _ = started
    #expect(woken == count)
  }

  @Test func aClientThatNeverReadsIsDisconnected() async throws {
    let h = try await Harness.start(maximumOutput: 64 * 1024)
    defer { h.stop() }
    let path = h.socket
    let survivor = try await offCooperativePool { () -> Bool in
      let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
      defer { close(fd) }
      var address = sockaddr_un()
      address.sun_family = sa_family_t(AF_UNIX)
      withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: Array(path.utf8)) }
      _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
      }
      var small: Int32 = 4096
      setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
      let request = Array(String(repeating: "listallinfo\n", count: 2000).utf8)
      var timeout = timeval(tv_sec: 2, tv_usec: 0)
      setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      // Never read; meanwhile another client is served normally.
      let other = try MPDClient(socketPath: path, timeoutSeconds: replySeconds)
      return MPDClient.dictionary(try other.run("status"))["state"] == "stop"
    }
    #expect(survivor)
    #expect(await eventually(60) { h.server.clientCount == 0 })
  }
}

/// Reads from every fd until each has received `expected`; `trigger` runs once all are connected.
func readAll(_ fds: [Int32], until expected: String, trigger: () throws -> Void) throws -> Int {
  try trigger()
  var done = 0
  var buffers = [Int32: [UInt8]]()
  let deadline = Date().addingTimeInterval(10)
  var pending = Set(fds)
  var chunk = [UInt8](repeating: 0, count: 4096)
  while !pending.isEmpty, Date() < deadline {
    var polls = pending.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    _ = poll(&polls, nfds_t(polls.count), 100)
    for p in polls where p.revents != 0 {
      let n = recv(p.fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
      if n <= 0 {
        pending.remove(p.fd)
        continue
      }
      buffers[p.fd, default: []] += chunk[0..<n]
      if String(decoding: buffers[p.fd]!, as: UTF8.self) == "OK MPD 0.23.5\n" + expected {
        done += 1
        pending.remove(p.fd)
      }
    }
  }
  return done
}

@Suite struct SecurityTests {
  @Test func socketIsOwnerOnlyInsideAPrivateFolder() async throws {
    let h = try await Harness.start()
    defer { h.stop() }
    var info = stat()
    #expect(lstat(h.socket, &info) == 0)
    #expect(info.st_mode & S_IFMT == S_IFSOCK)
    #expect(info.st_mode & 0o777 == 0o600)
    #expect(stat(h.folder + "/run", &info) == 0 && info.st_mode & 0o777 == 0o700)
    #expect(try FileManager.default.contentsOfDirectory(atPath: h.folder + "/run") == ["mpd.sock"])
  }

  @Test func secondPlayerIsRefusedAndStaleSocketReplaced() async throws {
    let h = try await Harness.start()
    let second = MPDServer(backend: InMemoryMPDBackend(), configuration: .init(unixSocketPath: h.socket))
    await #expect(throws: ControlError.alreadyRunning(path: h.socket)) { try await second.start() }
    // The refused start left the live socket alone.
    #expect(try await h.client { c in try c.run("ping").count } == 0)

    // A socket nobody listens on (a crashed player) is replaced.
    let path = h.socket
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    h.server.stop()
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: Array(path.utf8)) }
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    close(fd)
    #expect(FileManager.default.fileExists(atPath: path))
    let third = MPDServer(backend: InMemoryMPDBackend(), configuration: .init(unixSocketPath: path))
    try await third.start()
    #expect(try await offCooperativePool { try MPDClient(socketPath: path, timeoutSeconds: replySeconds).run("ping").count } == 0)
    third.stop()
    #expect(!FileManager.default.fileExists(atPath: path))
    try? FileManager.default.removeItem(atPath: h.folder)
  }

  @Test func aFileInTheWayIsNeverRemoved() async throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/mpd.sock"
    #expect(FileManager.default.createFile(atPath: path, contents: Data("keep".utf8)))
    let server = MPDServer(backend: InMemoryMPDBackend(), configuration: .init(unixSocketPath: path))
    await #expect(throws: ControlError.notASocket(path: path)) { try await server.start() }
    #expect(FileManager.default.contents(atPath: path) == Data("keep".utf8))
    let long = "/tmp/" + String(repeating: "x", count: 120)
    let tooLong = MPDServer(backend: InMemoryMPDBackend(), configuration: .init(unixSocketPath: long))
    await #expect(throws: ControlError.socketPathTooLong(path: long)) { try await tooLong.start() }
  }

  @Test func tcpListensOnLoopbackAndThePasswordGuardsIt() async throws {
    let h = try await Harness.start(tcpPort: 0, password: "s3cret")
    defer { h.stop() }
    let port = try #require(h.server.tcpPort)
    let replies = try await offCooperativePool { () -> [String] in
      let c = try MPDClient(host: "127.0.0.1", port: port, timeoutSeconds: replySeconds)
      var out: [String] = []
      out.append(text(try c.run("ping")))
      for attempt in [("status", [String]()), ("password", ["wrong"]), ("idle", [])] {
        do { try c.run(attempt.0, attempt.1) } catch { out.append("\(error)") }
      }
      out.append(String(try c.run("notcommands").count > 10))
      try c.run("password", ["s3cret"])
      out.append(MPDClient.dictionary(try c.run("status"))["state"] ?? "?")
      out.append(String(try c.run("notcommands").count))
      return out
    }
    #expect(
      replies == [
        "", "the player refused status: you don't have permission for \"status\"",
        "the player refused password: incorrect password", "the player refused idle: you don't have permission for \"idle\"",
        "true", "stop", "0",
      ])
    // The Unix socket is guarded by its mode, not the password.
    #expect(try await h.client { c in MPDClient.dictionary(try c.run("status"))["state"] } == "stop")
  }

  @Test func tcpRefusesANonAddress() async throws {
    let server = MPDServer(
      backend: InMemoryMPDBackend(),
      configuration: {
        var c = MPDServer.Configuration(tcpPort: 0)
        c.tcpAddress = "localhost"
        return c
      }())
    await #expect(throws: ControlError.badAddress("localhost")) { try await server.start() }
  }
}

@Suite struct ClientTests {
  @Test func noPlayerIsOneLineAndStatus69() async throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(throws: ControlError.noPlayer) { try MPDClient(socketPath: folder + "/none.sock") }
    #expect(ControlError.noPlayer.description == "no tunes player is running (start one with `tunes play`)")
    #expect(ControlError.noPlayer.exitStatus.rawValue == 69)
  }
}
