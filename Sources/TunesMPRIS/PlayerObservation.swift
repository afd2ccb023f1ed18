// The one place MPRIS observes the Player: it subscribes to the Player's one stream of play facts, the
// same stream the MPD server's idle clients are woken from, and turns them into MPRIS facts (the
// picture of the state each change carries, a seek). Reading the Player's streams anywhere else in this module would let MPRIS and
// MPD disagree; keeping it here means one file to change when the Player's observation API does.
import Foundation
import TunesPlayer

/// What the bus side is told.
enum MPRISFact: Sendable {
  /// The state after a change (also the first picture, at subscription).
  case state(MPRISState)
  /// The position jumped (a seek from MPRIS, MPD or the terminal UI): the new position in µs.
  case seeked(positionUs: Int64)
}

struct PlayerObservation: Sendable {
  let player: Player
  let covers: CoverArt

  /// The facts from now on, starting with the present state; ends when the Player's stream does or
  /// the consuming task is cancelled.
  func facts() -> AsyncStream<MPRISFact> {
    let (stream, continuation) = AsyncStream.makeStream(of: MPRISFact.self, bufferingPolicy: .bufferingNewest(64))
    let player = self.player
    let task = Task {
      // Subscribed before the first picture is taken, so no change between the two is missed.
      let facts = await player.facts()
      continuation.yield(.state(await self.currentState()))
      for await fact in facts {
        switch fact {
        // The status the change carries is the state it made: no second question to the Player,
        // and never a newer state than the change being told.
        case .changed(let change): continuation.yield(.state(self.state(change.status)))
        case .seeked(let ms): continuation.yield(.seeked(positionUs: Int64(ms) * 1000))
        default: break
        }
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }

  /// The state now: what a method's reply is sent after, so that a client reading the properties
  /// once its call returned sees what the call did.
  func currentState() async -> MPRISState {
    state(await player.status())
  }

  /// The MPRIS picture of `status`, with its song's cover.
  func state(_ status: PlayerStatus) -> MPRISState {
    MPRISState(status: status, artURL: status.song.flatMap { covers.url(for: $0.path) })
  }

  /// The position now, in µs, asked of the Player (MPRIS clients read Position when they need it; it
  /// is never pushed). Blocks the calling thread (the bus's) for at most `limit` seconds; nil when the
  /// Player did not answer in time.
  func livePositionUs(limit: Double = 2) -> Int64? {
    let answer = LockedValue<Int64?>(nil)
    let done = DispatchSemaphore(value: 0)
    let player = self.player
    Task {
      let status = await player.status()
      answer.set(Int64(status.elapsedMs) * 1000)
      done.signal()
    }
    guard done.wait(timeout: .now() + limit) == .success else { return nil }
    return answer.get()
  }
}

/// A value handed between threads.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
  // @unchecked: `value` is only touched under `lock`.
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func set(_ new: Value) { lock.withLock { value = new } }
  func get() -> Value { lock.withLock { value } }
}
