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

  private let thread: BusThread
  private let object: MPRISObject
  private let feed: Task<Void, Never>

  private init(thread: BusThread, object: MPRISObject, feed: Task<Void, Never>) {
    self.thread = thread
    self.object = object
    self.feed = feed
  }

  /// Connects to the session bus and serves `player` through `backend` (the MPD server's), or reports
  /// in one line why MPRIS is off and returns nil. `cacheFolder`: where embedded covers are written.
  public static func start(
    player: Player, backend: PlayerBackend, cacheFolder: String, report: @escaping @Sendable (String) -> Void
  ) async -> MPRISService? {
    let observation = PlayerObservation(player: player, covers: CoverArt(cacheFolder: cacheFolder))
    let thread = BusThread()
    // Pictured before the name is taken: the first client to ask sees the state, not an empty player.
    let object = MPRISObject(
      thread: thread, control: MPRISControl(backend: backend), observation: observation,
      state: await observation.currentState())
    let start = await withCheckedContinuation { (continuation: CheckedContinuation<BusThread.Start, Never>) in
      thread.start(name: busName, setUp: { object.publish(on: $0) }, started: { continuation.resume(returning: $0) })
    }
    switch start {
    case .serving:
      let feed = Task {
        for await fact in observation.facts() {
          thread.post { object.apply(fact) }
        }
      }
      return MPRISService(thread: thread, object: object, feed: feed)
    case .noBus(let why):
      report("MPRIS is off: \(why)")
    case .nameTaken:
      report("MPRIS is off: another player owns \(busName) on the session bus; media keys reach that one")
    }
    return nil
  }

  /// Gives the name up and closes the connection.
  public func stop() {
    feed.cancel()
    thread.stop()
    withExtendedLifetime(object) {}
  }
}
