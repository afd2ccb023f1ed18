// Saving and restoring the session: every change hands a snapshot to the StateWriter (and the position
// is saved every few seconds while playing), `restore` brings a saved session back paused, and
// `shutdown` saves the last state before the engine thread ends.
import Foundation
import TunesCore

extension Player {
  /// How often the position is saved while playing.
  static let saveInterval = 2.0

  /// Loads the saved session. A session that was playing comes back paused at its position (the engine
  /// holds nothing yet); `play()` or `pause(false)` continues it, and that play never becomes a listen.
  @discardableResult
  public func restore() throws -> Bool {
    ensureStarted()
    guard let store, let saved = try store.load() else { return false }
    queue = saved.queue
    volume = saved.volume
    engine.setVolume(volume)
    repeatMode = saved.repeatMode
    random = saved.random
    single = saved.single
    consume = saved.consume
    pass = saved.random ? saved.pass ?? ShufflePass(keys: queue.shuffleKeys(), current: saved.currentID, rng: rng) : nil
    if let pass { rng = pass.rng }
    currentID = saved.currentID
    elapsedMs = saved.positionMs
    state = saved.currentID != nil && saved.state != .stopped ? .paused : .stopped
    currentCountable = false
    version = saved.version
    changed([.player, .mixer, .options, .playlist])
    return true
  }

  func save() {
    guard let store else { return }
    lastSave = clock.monotonic()
    let snapshot = PlayStateSnapshot(
      queue: queue, state: state, currentID: currentID, positionMs: elapsedMs, volume: volume, repeatMode: repeatMode,
      random: random, single: single, consume: consume, pass: random ? pass : nil, version: version)
    if writer == nil {
      writer = StateWriter(store: store) { [weak self] error in Task { await self?.emit(.message("\(error)")) } }
    }
    writer?.submit(snapshot, at: clock.now())
  }

  /// Stops the engine thread; the Player cannot play afterwards. The state is saved as it is: a playing
  /// song is paused first (the device stops at once and the saved position is the heard one), so
  /// `restore()` brings the session back paused exactly there.
  public func shutdown() async {
    ensureStarted()
    if state == .playing && engineLoaded { await send(.pause) }
    await send(.shutdown)
    save()
    writer?.stop()
    eventListeners.finish()
    changeListeners.finish()
  }
}
