// Idle over both backends: the changes each backend announces wake the clients idling on them, and
// changes made before an idle are remembered for it.
import Foundation
import Testing
import TunesMPD

@Suite struct IdleTests {
  @Test(arguments: BackendKind.allCases)
  func twoClientsSeeTheSameChange(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    let path = h.socket
    async let first = offCooperativePool { try MPDClient(socketPath: path, timeoutSeconds: replySeconds).idle() }
    async let second = offCooperativePool {
      try MPDClient(socketPath: path, timeoutSeconds: replySeconds).idle(["player", "mixer"])
    }
    try await waitForIdlers(h, count: 2)
    _ = try await h.client { c in try c.run("setvol", ["42"]) }
    #expect(try await first == ["mixer"])
    #expect(try await second == ["mixer"])
  }

  @Test(arguments: BackendKind.allCases)
  func unsubscribedChangesDoNotWakeButPendingOnesAnswerAtOnce(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    let path = h.socket
    let changed = try await offCooperativePool { () -> [String] in
      let watcher = try MPDClient(socketPath: path, timeoutSeconds: replySeconds)
      let actor = try MPDClient(socketPath: path, timeoutSeconds: replySeconds)
      try actor.run("random", ["1"])  // options change: happens before idle, remembered for it
      try actor.run("setvol", ["5"])
      Thread.sleep(forTimeInterval: 0.1)
      return try watcher.idle(["mixer", "player"])
    }
    #expect(changed == ["mixer"])
  }

  @Test(arguments: BackendKind.allCases)
  func clientsIdlingWhileOthersQueueAreWokenPerChange(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    let path = h.socket
    let firstWoken = Counter()
    async let watcher = offCooperativePool { () -> [[String]] in
      let client = try MPDClient(socketPath: path, timeoutSeconds: replySeconds)
      let first = try client.idle(["playlist"])
      firstWoken.add()
      return [first, try client.idle(["stored_playlist"])]
    }
    try await waitForIdlers(h, count: 1)
    _ = try await h.client { c in try c.run("add", ["loose.mp3"]) }
    // The save waits for the first wake: had it come before the first idle was read, that idle would
    // have answered both changes at once and cleared them, as MPD's does.
    try #require(await eventually(60, every: .milliseconds(5)) { firstWoken.value == 1 })
    _ = try await h.client { c in try c.run("save", ["x"]) }
    #expect(try await watcher == [["playlist"], ["stored_playlist"]])
  }
}
