// Saving and restoring the session, as MPD's state file does: every change hands a snapshot to the
// StateWriter (and the position is saved every few seconds while playing), `restoreSession` brings a
// saved session back with its queue, current song, position, volume and modes, and `shutdown` saves the
// last state before the engine thread ends.
import Foundation
import TunesCore

extension Player {
  /// While playing, each position report (every `PlaybackEngine.positionReportSeconds` of audio) saves
  /// the position, unless a save went out less than this long ago. Not the report's interval itself: two
  /// reports two seconds of audio apart may arrive a little less than two seconds apart.
  static let minimumSaveGap = 1.0

  /// Loads the saved session; see `restoreSession`. Returns whether there was one.
  @discardableResult
  public func restore() throws -> Bool { try restoreSession() != nil }

  /// Loads the saved session and returns the state it was saved in (nil: nothing was saved). A paused
  /// session comes back paused at its position and a stopped one stopped; one that was playing comes back
  /// paused too (the engine holds nothing yet), and whoever restores it decides whether it plays on, as
  /// `tunes play` does. `play()` or `pause(false)` continues it, as the same play: what was heard of it
  /// before the restart and after it counts toward its listen, which counts once.
  @discardableResult
  public func restoreSession() throws -> PlayState? {
    ensureStarted()
    guard let store, let saved = try store.load() else { return nil }
    queue = saved.queue
    volume = saved.volume
    engine.setVolume(volume)
    repeatMode = saved.repeatMode
    random = saved.random
    single = saved.single
    consume = saved.consume
    replayGain = saved.replayGain
    crossfadeSeconds = saved.crossfade
    engine.setCrossfade(seconds: crossfadeSeconds)
    mixRamp = saved.mixRamp
    engine.setMixRamp(mixRamp)
    pass = saved.random ? saved.pass ?? ShufflePass(keys: queue.shuffleKeys(), current: saved.currentID, rng: rng) : nil
    // The saved pass goes on with its own generator; new passes use the chosen seed when there is one.
    if let pass, !seeded { rng = pass.rng }
    tellEngineReplayGain()
    currentID = saved.currentID
    elapsedMs = saved.positionMs
    state = saved.currentID != nil && saved.state != .stopped ? .paused : .stopped
    restoredListen = saved.currentID.flatMap { id in saved.listen.map { (id, $0) } }
    restoreToldListen(saved.toldListen)
    version = saved.version
    changed([.player, .mixer, .options, .playlist])
    return saved.state
  }

  /// `state`: the play state to save instead of the current one. `settles` false: written without the
  /// writer's settling time (see `StateWriter.submit`), for the periodic position save.
  ///
  /// A change's snapshot is taken once the changes around it have settled, not at each change: a
  /// snapshot holds the queue, and the next edit of a queue a snapshot holds copies all of it, so
  /// 12,000 `add`s each copied the whole queue (time quadratic in its length).
  func save(as savedState: PlayState? = nil, settles: Bool = true) {
    guard store != nil else { return }
    if savedState == nil && settles {
      guard !saveDue else { return }
      saveDue = true
      // Holds the Player until it has saved: one dropped meanwhile still writes its last change. The task
      // runs on the Player (it captures it), so the save after the sleep is a plain call.
      Task {
        try? await Task.sleep(nanoseconds: UInt64(StateWriter.defaultSettle * 1e9))
        self.saveIfDue()
      }
      return
    }
    submitSnapshot(as: savedState, settles: settles)
  }

  /// Takes and submits the snapshot a settled change is waiting for.
  func saveIfDue() {
    guard saveDue else { return }
    submitSnapshot(as: nil, settles: false)
  }

  /// Hands the writer a snapshot of the state now (`state`: the play state to save instead).
  func submitSnapshot(as savedState: PlayState?, settles: Bool) {
    guard let store else { return }
    saveDue = false
    snapshotsTaken += 1
    catchUpPosition()
    lastSave = clock.monotonic()
    let snapshot = PlayStateSnapshot(
      queue: queue, state: savedState ?? state, currentID: currentID, positionMs: elapsedMs, volume: volume,
      repeatMode: repeatMode,
      random: random, single: single, consume: consume, pass: random ? pass : nil, version: version,
      replayGain: replayGain, crossfade: crossfadeSeconds, mixRamp: mixRamp, listen: listenProgress(),
      toldListen: unrecordedListen)
    if writer == nil {
      writer = StateWriter(store: store) { [weak self] error in Task { await self?.tell(.message("\(error)")) } }
    }
    writer?.submit(snapshot, at: clock.now(), settles: settles)
  }

  /// How far the current entry's play has got toward a listen: its rule's, or, before a restored play
  /// goes on, what the session brought back.
  private func listenProgress() -> ListenProgress? {
    guard state != .stopped, let currentID else { return nil }
    return listenRule.map(savedProgress) ?? resumedListen(of: currentID)
  }

  /// Stops the engine thread; the Player cannot play afterwards. The state is saved as it is: a playing
  /// song is paused first (the device stops at once and the saved position is the heard one) but saved
  /// as playing, so the next start plays on exactly there, as mpd does after a restart.
  public func shutdown() async {
    ensureStarted()
    let wasPlaying = state == .playing
    if wasPlaying && engineLoaded { await send(.pause) }
    await send(.shutdown)
    stateAtShutdown = wasPlaying ? .playing : state
    submitSnapshot(as: stateAtShutdown, settles: false)
    writer?.stop()
    // The streams end once their readers have read every fact told: the listen recorder writes the last.
    factListeners.finish()
  }
}
