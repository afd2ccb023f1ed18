// ChildProcess and BackgroundChild against small shell commands: capture, input, exit and signal
// statuses, timeouts, descriptors, and the errors when a program cannot be started.
import Foundation
import Testing
import TunesTestSupport

@Suite struct ChildProcessTests {
  @Test func stdoutStderrAndStatusAreKeptApart() throws {
    let result = try ChildProcess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
    #expect(result.status == 3)
    #expect(result.output == "out\n")
    #expect(result.errors == "err\n")
  }

  @Test func mergedStderrFollowsStdout() throws {
    let result = try ChildProcess.run("/bin/sh", ["-c", "echo a; echo b >&2"], mergeStderr: true)
    #expect(result.output == "a\nb\n")
    #expect(result.stderr.isEmpty)
  }

  @Test func inputBytesReachTheChildThenEndOfInput() throws {
    let result = try ChildProcess.run("/usr/bin/wc", ["-c"], input: .bytes(Data(repeating: 65, count: 100_000)))
    #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "100000")
    let empty = try ChildProcess.run("/usr/bin/wc", ["-c"])
    #expect(empty.output.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
  }

  /// Far more than a pipe holds (64 KiB): a child writing it must not block.
  @Test func largeOutputDoesNotBlock() throws {
    let result = try ChildProcess.run("/usr/bin/head", ["-c", "3000000", "/dev/zero"], timeout: 30)
    #expect(result.status == 0)
    #expect(result.stdout.count == 3_000_000)
  }

  @Test func environmentReplacesOrInherits() throws {
    let replaced = try ChildProcess.run("/usr/bin/env", [], environment: ["ONLY": "this"])
    #expect(replaced.output == "ONLY=this\n")
    let inherited = try ChildProcess.run("/usr/bin/env", [])
    #expect(inherited.output.contains("PATH="))
  }

  @Test func workingDirectoryIsUsed() throws {
    let folder = NSTemporaryDirectory() + "child-cwd-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try ChildProcess.run("/bin/pwd", [], workingDirectory: folder)
    #expect(result.output == URL(fileURLWithPath: folder).resolvingSymlinksInPath().path + "\n")
  }

  @Test func stdoutFileReceivesTheOutput() throws {
    let path = NSTemporaryDirectory() + "child-out-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try ChildProcess.run("/bin/echo", ["to a file"], stdoutFile: path)
    #expect(result.stdout.isEmpty)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "to a file\n")
  }

  @Test func aSignalGives128PlusItsNumber() throws {
    let result = try ChildProcess.run("/bin/sh", ["-c", "kill -9 $$"], timeout: nil)
    #expect(result.status == 128 + 9)
  }

  @Test func aHungChildIsStoppedByTheTimeout() throws {
    let started = Date()
    let result = try ChildProcess.run("/bin/sleep", ["30"], timeout: 1)
    #expect(result.status == 124)
    #expect(Date().timeIntervalSince(started) < 20)
  }

  @Test func aMissingProgramThrows() throws {
    #expect(throws: ChildProcessError.self) { try ChildProcess.run("/no/such/program", [], timeout: nil) }
    // Under `timeout` the start succeeds and the wrapper reports it: 127, command not found.
    #expect(try ChildProcess.run("/no/such/program", []).status == 127)
  }

  /// The child holds only its three standard streams: never another test's pipe or socket.
  @Test func onlyStandardDescriptorsAreInherited() throws {
    let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)  // no close-on-exec on purpose
    defer { close(socket) }
    let result = try ChildProcess.run("/bin/ls", ["/proc/self/fd"], timeout: nil)
    let descriptors = Set(result.output.split(separator: "\n").compactMap { Int($0) })
    // ls itself opens one more descriptor to read the folder.
    #expect(descriptors.subtracting([0, 1, 2]).count <= 1, "\(descriptors)")
  }

  @Test func asyncRunWaitsOffThePool() async throws {
    let results = try await withThrowingTaskGroup(of: Int32.self) { group in
      for index in 0..<4 { group.addTask { try await ChildProcess.run("/bin/sh", ["-c", "sleep 0.3; exit \(index)"]).status } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.sorted() == [0, 1, 2, 3])
  }

  @Test func backgroundChildIsReadLineByLineAndStopped() async throws {
    let child = try ChildProcess.start("/bin/sh", ["-c", "echo first; echo second; sleep 30"])
    #expect(try await child.readLine(timeout: 10) == "first")
    #expect(try await child.readLine(timeout: 10) == "second")
    #expect(try await child.readLine(timeout: 0.2) == nil)  // nothing more yet: times out
    child.stop()
    #expect(await child.wait() == 128 + 9)
  }

  @Test func backgroundChildEndsWithItsLastUnterminatedLine() throws {
    let child = try ChildProcess.start("/bin/sh", ["-c", "printf 'one\\ntail'; echo oops >&2; exit 5"])
    #expect(try child.readLine() == "one")
    #expect(try child.readLine() == "tail")
    #expect(try child.readLine() == nil)
    #expect(child.wait() == 5)
    #expect(child.errors == "oops\n")
  }

  @Test func backgroundChildOfAMissingProgramThrows() {
    #expect(throws: ChildProcessError.self) { try ChildProcess.start("/no/such/program") }
  }
}
