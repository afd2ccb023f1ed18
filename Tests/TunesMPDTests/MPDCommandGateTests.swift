// The command gate on its own: one holder at a time, turns handed over in arrival order, and a turn
// freed when nobody waits, so the next taker goes straight in.
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
    for _ in 0..<1000 where gate.waitingCount < count { try await Task.sleep(for: .milliseconds(2)) }
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
      followers.append(Task { await gate.withTurn { await log.enter(name); await log.leave() } })
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
}
