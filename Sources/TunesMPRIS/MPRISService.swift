// MPRIS 2 for a running player: `org.mpris.MediaPlayer2.tunes` on the session bus, so media keys,
// desktop player widgets and `playerctl` see and drive the same play state as MPD clients. Started
// beside the MPD server; with no session bus (SSH, CI) or the name already taken (another player),
// it says so once and the player plays on without it.
import Foundation
import TunesControl
import TunesPlayer

public final class MPRISService: Sendable {
  /// The well-known name MPRIS clients look for (`playerctl -p tunes`).
  public static let busName = "org.mpris.MediaPlayer2.tunes"
  /// How long the player's start waits for the bus: a bus that takes connections but does not answer
  /// (sd-bus gives up on it after 25 s) must not hold up the MPD socket.
  static let startWait = 3.0

  private let thread: BusThread
  private let object: MPRISObject
  /// Forwards the Player's facts to the bus thread once the name is taken.
  private let feed = LockedValue<Task<Void, Never>?>(nil)

  private init(thread: BusThread, object: MPRISObject) {
    self.thread = thread
    self.object = object
  }

  /// Connects to the session bus and serves `player` through `backend` (the MPD server's); when the bus
  /// is missing or the name taken, `report` is told why in one line and play goes on without it.
  /// Returns once the bus has answered, or after `startWait` seconds, whichever comes first.
  /// `cacheFolder`: where embedded covers are written.
  public static func start(
    player: Player, backend: PlayerBackend, cacheFolder: String, report: @escaping @Sendable (String) -> Void
  ) async -> MPRISService {
    let observation = PlayerObservation(player: player, covers: CoverArt(cacheFolder: cacheFolder))
    let thread = BusThread()
    // Pictured before the name is taken: the first client to ask sees the state, not an empty player.
    let object = MPRISObject(
      thread: thread, control: MPRISControl(backend: backend), observation: observation,
      state: await observation.currentState())
    let service = MPRISService(thread: thread, object: object)
    let settled = DispatchSemaphore(value: 0)
    thread.start(name: busName, setUp: { object.publish(on: $0) }) { outcome in
      switch outcome {
      case .serving:
        service.feed.set(
          Task {
            for await fact in observation.facts() {
              thread.post { object.apply(fact) }
            }
          })
      case .noBus(let why):
        report("MPRIS is off: \(why)")
      case .nameTaken:
        report("MPRIS is off: another player owns \(busName) on the session bus; media keys reach that one")
      }
      settled.signal()
    }
    // Waited for on a thread of its own: the cooperative pool is not held.
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Thread {
        _ = settled.wait(timeout: .now() + startWait)
        continuation.resume()
      }.start()
    }
    return service
  }

  /// Gives the name up and closes the connection.
  public func stop() {
    feed.get()?.cancel()
    thread.stop()
    withExtendedLifetime(object) {}
  }
}
