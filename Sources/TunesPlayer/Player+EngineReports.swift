// What the engine reports, applied to the state: a track heard, written, paused, resumed, sought,
// ended or failed. Reports arrive in order on one stream; `settle` waits until all sent so far are in.
import TunesCore

extension Player {
  func handle(_ report: EngineReport) {
    handledReports += 1
    switch report {
    case .done(let seq):
      waiters.removeValue(forKey: seq)?.resume()
    case .writing(let token):
      if plans.engineWrites(token) && engineLoaded { replanNext() }
    case .started(let token, let format, let totalFrames, let frames):
      songStarted(token: token, format: format, totalFrames: totalFrames, frames: frames)
    case .position(let token, let frames):
      guard applyPosition(token: token, frames: frames) else { return }
      let now = clock.monotonic()
      if state == .playing && now - lastSave >= Self.minimumSaveGap {
        save(settles: false)
      }
    case .paused(let token, let frames):
      guard token == plans.current, let format else { return }
      heard(upTo: format.milliseconds(frames: frames))
      state = .paused
      pausedAt = clock.monotonic()
      tell(.paused)
      changed([.player])
    case .resumed(let token, let frames):
      guard token == plans.current, let format else { return }
      elapsedMs = format.milliseconds(frames: frames)
      lastHeardMs = elapsedMs
      state = .playing
      let pausedFor = pausedAt.map { clock.monotonic() - $0 } ?? 0
      pausedAt = nil
      tell(.resumed(afterPauseSeconds: pausedFor, status: snapshot()))
      changed([.player])
    case .seeked(let token, let frames):
      guard token == plans.current, let format else { return }
      elapsedMs = format.milliseconds(frames: frames)
      lastHeardMs = elapsedMs
      tell(.seeked(toMs: elapsedMs))
      changed([.player])
    case .failed(let token, let path, let message):
      songFailed(token: token, path: path, message: message)
    case .warning(_, let path, let message):
      tell(.message("\(path): \(message)"))
    case .ended(let token):
      guard token == plans.current else { return }
      songPlayedOut()
    case .stopped:
      break
    case .outputFailed(let message):
      lastError = message
      lastFailure = .output(message)
      tell(.failed(.output(message)))
      becomeStopped(finished: true)
    }
  }

  /// Takes in the position heard of `token`; false when it is not the current track's.
  @discardableResult
  private func applyPosition(token: UInt64, frames: Int) -> Bool {
    guard token == plans.current, let format else { return false }
    heard(upTo: format.milliseconds(frames: frames))
    return true
  }

  /// Takes in the position heard now, as if it had been reported: the engine's last write, plus what the
  /// device has played of the audio then waiting in it (the engine reports every few seconds and sleeps
  /// between writes, the device does not). The status, a relative seek or a restart at the current
  /// position then use what the speakers have reached. Only once every earlier report is applied, and only
  /// while playing: a pause, seek or stop the engine has reported and the Player not yet applied comes
  /// first.
  func catchUpPosition() {
    guard state == .playing, let held = engine.heldPosition, handledReports >= held.after else { return }
    applyPosition(token: held.token, frames: held.frames(at: clock.monotonic()))
  }

  private func songStarted(token: UInt64, format: AudioFormat, totalFrames: Int?, frames: Int) {
    guard let plan = plans.started(token), let item = queue.item(id: plan.itemID) else {
      // The engine plays an entry the queue no longer has: silence it rather than show something else.
      post(.stop)
      becomeStopped(finished: false)
      return
    }
    adoptPass(of: plan)
    if let consumeID = plan.consumeID, consumeID != plan.itemID { removeConsumed(consumeID) }
    currentID = plan.itemID
    self.format = format
    // Rounded as the index rounds it, so the status and the song's row give one length.
    durationMs = totalFrames.map { format.duration(frames: $0) } ?? item.song.durationMs
    elapsedMs = format.milliseconds(frames: frames)
    lastHeardMs = elapsedMs
    let startedAt = clock.now()
    if !plan.continuesPlay || listenRule == nil {
      listenRule =
        plan.resumedListen.map { ListenRule(durationMs: durationMs, continuing: $0) }
        ?? ListenRule(durationMs: durationMs, startedAt: startedAt)
    }
    restoredListen = nil
    state = .playing
    failuresInRow = 0
    lastError = nil
    lastFailure = nil
    if !plan.continuesPlay { tell(.songStarted(item.song, at: startedAt)) }
    // A song change is `player` only: the queue (MPD's playlist) did not change, shuffling or not,
    // unless the song had a priority, which playing it resets as MPD does (a queue change).
    let hadPriority = queue.priorities[plan.itemID] != nil && queue.setPriority(0, ids: [plan.itemID])
    changed(hadPriority ? [.player, .playlist] : [.player])
    replanNext()
  }

  /// The engine played the current song out with nothing after it: single mode's border, or the queue's
  /// end. As in MPD, single stops on the song that follows, paused at its start (the engine holds
  /// nothing yet: `play` starts it), and a oneshot single turns itself off there. A queue played to its
  /// end has no current entry: `play` starts it anew. Consume takes the song that ended out either way.
  private func songPlayedOut() {
    let endedID = currentID
    let border = single.isOn ? endedID.flatMap { planAfter(itemID: $0, base: pass, advance: .userNext) } : nil
    let outermost = holdChanges()
    defer { if outermost { releaseChanges() } }
    if let border, border.itemID != endedID {
      adoptPass(of: stamped(border))
      if consume, let endedID { removeConsumed(endedID) }
      plans.engineEmptied()
      currentID = border.itemID
      state = .paused
      elapsedMs = 0
      lastHeardMs = nil
      durationMs = nil
      listenRule = nil
      restoredListen = nil
      if single == .oneshot {
        single = .off
        changed([.options])
      }
      changed([.player])
      return
    }
    if consume, let endedID { removeConsumed(endedID) }
    currentID = nil
    becomeStopped(finished: true)
  }

  private func songFailed(token: UInt64, path: String, message: String) {
    // Decoder errors name their file first; the path is said once.
    let message = message.withoutLeadingPath(path)
    let (plan, wasPlay, isNext) = plans.failed(token)
    // The same broken file is named once, however often it is planned again.
    if reportedSkips.insert(path).inserted { tell(.message("skipped \(path): \(message)")) }
    lastError = "\(path): \(message)"
    failuresInRow += 1
    // A failure of a next song that has since been replaced by another plan changes nothing.
    guard let plan, wasPlay || isNext else { return }
    let writing = plans.written
    if plans.isHeardOrWritten(token) {
      // The song being written broke in the middle: the engine goes on with what follows.
      return
    }
    if failuresInRow > max(queue.count, 1) {
      lastFailure = .nothingPlayable(lastPath: path, reason: message)
      if isNext, let current = writing {
        plans.planNothingNext()
        post(.setNext(after: current, nil))
      } else {
        becomeStopped(finished: true)
      }
      return
    }
    // Skip it: plan what follows it as if it had been played.
    guard let following = planAfter(itemID: plan.itemID, base: passOnceStarted(plan), advance: .userNext),
      let item = queue.item(id: following.itemID)
    else {
      if !isNext {
        lastFailure = .nothingPlayable(lastPath: path, reason: message)
        becomeStopped(finished: true)
      } else if let current = writing {
        plans.planNothingNext()
        post(.setNext(after: current, nil))
      }
      return
    }
    if isNext, let current = writing {
      let next = plans.planNext(stamped(following))
      post(track: next, itemID: item.id, song: item.song, after: writtenSong()) { .setNext(after: current, $0) }
    } else {
      // Nothing is playing: start the following one (its reports arrive like any other play).
      let token = plans.play(stamped(following))
      post(track: token, itemID: item.id, song: item.song, after: nil) { .play($0, startMs: 0) }
    }
  }

  // MARK: waiting for the engine

  // For tests, which reach them through `@testable import`: nothing else needs to know the engine's pace.

  /// Waits until every report the engine has sent so far has been applied, and every command waiting
  /// for its track to be read has gone to the engine.
  func settle() async {
    ensureStarted()
    while handledReports < engine.reportCount || !outbox.isEmpty { await Task.yield() }
  }

  var isEngineIdle: Bool { engine.isIdle }
  var engineReports: Int { engine.reportCount }
  var engineHasPendingCommands: Bool { engine.hasPendingCommands }
  nonisolated var engineHasUnansweredCommands: Bool { engine.hasUnansweredCommands }
}
