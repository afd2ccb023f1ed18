// The remaining ControlError paths: a socket folder that cannot be created, and a peer that does not
// speak MPD.
import Foundation
import Testing
import TunesMPDTesting

@testable import TunesMPD

@Suite struct ErrorPathTests {
  @Test func socketFolderThatCannotBeCreated() async throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(FileManager.default.createFile(atPath: folder + "/file", contents: Data()))
    let path = folder + "/file/sub/mpd.sock"
    let server = MPDServer(backend: InMemoryMPDBackend(), configuration: .init(unixSocketPath: path))
    do {
      try await server.start()
      Issue.record("started under a regular file")
    } catch {
      guard case .system(let call, let target, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(call == "mkdir" && target == folder + "/file/sub")
      #expect(error.exitStatus == .ioError)
      #expect(error.description.hasPrefix("mkdir \(folder)/file/sub: "))
    }
  }

  @Test func aPeerThatIsNotMPDIsAProtocolViolation() async throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/fake.sock"
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(listener) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: Array(path.utf8)) }
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    listen(listener, 4)
    let peer = Thread {
      let fd = accept(listener, nil, nil)
      _ = Array("HELLO SMTP\n".utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      Thread.sleep(forTimeInterval: 0.2)
      close(fd)
    }
    peer.start()
    let error = try await offCooperativePool { () -> ControlError? in
      do {
        _ = try MPDClient(socketPath: path, timeoutSeconds: replySeconds)
        return nil
      } catch let error as ControlError {
        return error
      } catch {
        return nil
      }
    }
    #expect(error == .protocolViolation("unexpected greeting \"HELLO SMTP\""))
    #expect(error?.exitStatus == .software)
  }

  @Test func aServerThatClosesMidReplyIsReported() async throws {
    let h = try await Harness.start()
    defer { h.stop() }
    // `idle` followed by another command makes the server hang up without a reply.
    let error = try await h.client { c -> ControlError? in
      try c.sendLine("idle\nstatus")
      do {
        _ = try c.readReply(command: "idle")
        return nil
      } catch let error as ControlError {
        return error
      } catch {
        return nil
      }
    }
    #expect(error == .protocolViolation("the player closed the connection"))
  }
}
