// The command gate: one holder at a time, turns handed over in arrival order, a turn freed when nobody
// waits so the next taker goes straight in; and in the server, idle clients never waiting for a turn.
import Foundation
import Testing

@testable import TunesMPD

/// The order in which turns ran, and whether two ever overlapped.
private actor TurnLog {
  private(set) var order: [String] = []
  private(set) var inside = 0
  private(set) var overlapped = false

  func enter(_ name: String) {
    inside += 1
    if inside > 1 { overlapped = true }
    order.append(name)
  }

  func leave() { inside -= 1 }
}

@Suite struct MPDCommandGateTests {
  static func waitUntil(_ gate: MPDCommandGate, hasWaiting count: Int) async throws {
    _ = await eventually(60, every: .milliseconds(2)) { gate.waitingCount >= count }
    try #require(gate.waitingCount == count)
  }

  @Test func turnsAreHandedOverInArrivalOrder() async throws {
    let gate = MPDCommandGate()
    let log = TurnLog()
    let (release, holding) = AsyncStream<Void>.makeStream()
    let (entered, enteredSignal) = AsyncStream<Void>.makeStream()
    let holder = Task {
      await gate.withTurn {
        await log.enter("holder")
        enteredSignal.yield()
        for await _ in release { break }
        await log.leave()
      }
    }
    for await _ in entered { break }
    var followers: [Task<Void, Never>] = []
    for (index, name) in ["second", "third", "fourth"].enumerated() {
      followers.append(
        Task {
          await gate.withTurn {
            await log.enter(name)
            await log.leave()
          }
        })
      try await Self.waitUntil(gate, hasWaiting: index + 1)
    }
    // Nobody got in while the holder held the turn.
    #expect(await log.order == ["holder"])
    holding.yield()
    await holder.value
    for follower in followers { await follower.value }
    #expect(await log.order == ["holder", "second", "third", "fourth"])
    #expect(gate.waitingCount == 0)
    // The turn is free again: a new taker runs at once.
    #expect(await gate.withTurn { 42 } == 42)
  }

  @Test func manyTakersNeverOverlap() async throws {
    let gate = MPDCommandGate()
    let log = TurnLog()
    await withTaskGroup(of: Void.self) { group in
      for n in 0..<200 {
        group.addTask {
          await gate.withTurn {
            await log.enter("\(n)")
            await Task.yield()
            await log.leave()
          }
        }
      }
    }
    #expect(await log.overlapped == false)
    #expect(await log.order.count == 200)
  }

  @Test(.timeLimit(.minutes(1))) func aThrowingTurnStillHandsOver() async throws {
    struct Failure: Error {}
    let gate = MPDCommandGate()
    await #expect(throws: Failure.self) { try await gate.withTurn { throw Failure() } }
    #expect(await gate.withTurn { "next" } == "next")
  }

  /// Idle clients never wait for the turn: while another client's list holds it (its `status`es made
  /// slow), `idle` and `noidle` answer at once, and a change the list makes wakes an idling client
  /// before the list ends.
  @Test func idleNeedsNoTurn() async throws {
    let h = try await Harness.start()
    defer { h.stop() }
    await h.backend.setResponseDelay(.seconds(1))
    let clock = ContinuousClock()
    let slowList = "command_list_begin\nstatus\nadd loose.mp3\nstatus\ncommand_list_end\n"
    async let listEnded: ContinuousClock.Instant = {
      _ = try await h.raw(replies: 1, slowList)
      return clock.now
    }()
    try await Task.sleep(for: .milliseconds(200))
    #expect(try await h.raw(replies: 1, "idle player\nnoidle\n") == "OK MPD 0.23.5\nOK\n")
    let noidleAnswered = clock.now
    #expect(try await h.raw(replies: 1, "idle playlist\n") == "OK MPD 0.23.5\nchanged: playlist\nOK\n")
    let woken = clock.now
    let ended = try await listEnded
    #expect(noidleAnswered < ended)
    #expect(woken < ended)
  }
}
