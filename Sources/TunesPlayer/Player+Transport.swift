// Transport: play, pause, stop, next, previous and seek, and the one way into `.stopped`. Every command
// goes to the engine and waits until it is carried out; the state itself changes only when the engine
// reports what it did (Player+EngineReports).
import TunesCore

extension Player {
  /// Plays the entry at `position`; nil resumes when paused, else starts at the current entry (or the
  /// first of the queue / of the shuffle pass).
  public func play(position: Int? = nil) async throws {
    ensureStarted()
    if let position {
      guard position >= 0 && position < queue.count else { throw PlayerError.noSuchPosition(position) }
      await start(itemID: queue[position].id, chosen: true)
      return
    }
    if state == .paused { await resume(); return }
    if state == .playing { return }
    guard !queue.isEmpty else { throw PlayerError.emptyQueue }
    if let currentID, queue.item(id: currentID) != nil {
      // Continuing the current entry (after `stop`, or a restored session) is no new choice when the
      // pass stands on it: its history already names it, and a second entry would make `previous` replay it.
      let reached = pass.map { $0.cursor >= 0 && $0.cursor < $0.order.count && $0.order[$0.cursor].id == currentID } ?? false
      await start(itemID: currentID, chosen: !reached, startMs: elapsedMs, resumedListen: resumedListen(of: currentID))
    } else if var p = pass {
      // The first song honours `prio` as every next one does: the unplayed entry of the highest priority
      // (mpd moves prioritised entries to the front of its random order while stopped).
      if let id = Self.firstOfHighestPriority(p.unplayed, queue.priorities) {
        p.jump(to: id)
        await start(itemID: id, plannedPass: p)
      } else if let first = p.advance() ?? p.beginNewPass() {
        await start(itemID: first, plannedPass: p)
      }
    } else {
      await start(itemID: queue[0].id, chosen: true)
    }
  }

  public func play(id: Int) async throws {
    guard let position = queue.position(ofID: id) else { throw PlayerError.noSuchID(id) }
    try await play(position: position)
  }

  /// `true` pauses, `false` resumes, nil toggles. Stopped: `false`/nil start playing.
  public func pause(_ on: Bool? = nil) async {
    ensureStarted()
    let wantPause = on ?? (state == .playing)
    switch (state, wantPause) {
    case (.playing, true):
      await send(.pause)
    case (.paused, false):
      await resume()
    case (.stopped, false) where on == nil:
      try? await play()
    default:
      break
    }
  }

  public func toggle() async { await pause(nil) }

  public func stop() async {
    ensureStarted()
    // A play whose song is still being read (the outbox) is stopped too: the stop goes out behind it.
    if engineLoaded || !outbox.isEmpty { await send(.stop) }
    becomeStopped(finished: false)
  }

  /// The one way into `.stopped`, whatever ended play: the engine holds nothing (callers whose engine
  /// still plays silence it first), and as in MPD a stopped player has no position: `play` starts the
  /// current entry from its beginning. `finished`: play ended by itself (the queue played out, nothing
  /// was playable, the device failed), which is announced, and is news (a `player` change) even when
  /// the play that failed never left `.stopped`; a stop that was asked for is announced by no event.
  func becomeStopped(finished: Bool) {
    plans.engineEmptied()
    listenRule = nil  // the play is over: a counted one reports what was heard of it
    let wasStopped = state == .stopped
    state = .stopped
    elapsedMs = 0
    if finished { tell(.finished) }
    if finished || !wasStopped { changed([.player]) }
  }

  public func next() async {
    ensureStarted()
    guard state != .stopped, let currentID else { return }
    guard let plan = planAfter(itemID: currentID, base: pass, advance: .userNext) else {
      // Past the last song, as at the queue's end: stopped, with no current song (MPD's `next`), told
      // to idle clients as one change.
      await changingOnce {
        await stop()
        self.currentID = nil
        changed([.player])
      }
      return
    }
    await start(plan)
  }

  /// Restarts the song when more than 3 s in; otherwise the song before (what actually played, when shuffling).
  public func previous() async {
    ensureStarted()
    guard state != .stopped, let currentID else { return }
    catchUpPosition()
    let rule = previousSong(
      position: queue.position(ofID: currentID), length: queue.count, elapsedMs: elapsedMs, repeat: repeatMode,
      shuffle: random, hasHistory: (pass?.historyIndex ?? 0) > 0)
    switch rule {
    case .restart:
      await seek(toMs: 0)
    case .play(let position):
      await start(itemID: queue[position].id, chosen: true)
    case .history:
      guard var p = pass, let id = p.back() else { await seek(toMs: 0); return }
      await start(PlayPlan(itemID: id, pass: p))
    }
  }

  public func seek(toMs ms: Int) async {
    ensureStarted()
    guard currentID != nil else { return }
    if let durationMs, ms >= durationMs, state != .stopped {
      // Past the end: the song is over.
      await next()
      return
    }
    if state == .paused && !engineLoaded {
      elapsedMs = max(0, ms)
      changed([.player])
      return
    }
    guard let token = plans.current else { return }
    await send(.seek(token: token, ms: max(0, ms)))
  }

  public func seek(by deltaMs: Int) async {
    catchUpPosition()
    await seek(toMs: max(0, elapsedMs + deltaMs))
  }

  /// MPD `seek`/`seekid`: another entry starts playing at `ms`.
  public func seek(id: Int, toMs ms: Int) async throws {
    guard queue.item(id: id) != nil else { throw PlayerError.noSuchID(id) }
    if id == currentID && state != .stopped {
      await seek(toMs: ms)
    } else {
      await start(itemID: id, chosen: true, startMs: ms)
    }
  }

  // MARK: handing plays to the engine

  /// Starts an entry the user chose: shuffling, it is taken out of the rest of the pass.
  func start(
    itemID: Int, chosen: Bool = false, startMs: Int = 0, resumedListen: ListenProgress? = nil, plannedPass: ShufflePass? = nil
  ) async {
    var p = plannedPass
    if p == nil, chosen, var current = pass {
      current.jump(to: itemID)
      p = current
    }
    await start(PlayPlan(itemID: itemID, pass: p, consumeID: nil, resumedListen: resumedListen), startMs: startMs)
  }

  func start(_ plan: PlayPlan, startMs: Int = 0) async {
    guard let item = queue.item(id: plan.itemID) else { return }
    let token = plans.play(stamped(plan))
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      post(track: token, itemID: item.id, song: item.song, after: nil, waiter: continuation) { .play($0, startMs: startMs) }
    }
  }

  func resume() async {
    if engineLoaded {
      await send(.resume)
    } else if let currentID {
      // A restored session: the engine holds nothing yet; continue from the saved position.
      await start(itemID: currentID, startMs: elapsedMs, resumedListen: resumedListen(of: currentID))
    }
  }

  /// The restored session's progress toward a listen, when `itemID` is the entry it was saved for.
  func resumedListen(of itemID: Int) -> ListenProgress? {
    restoredListen.flatMap { $0.itemID == itemID ? $0.progress : nil }
  }

  /// Posts a command and waits until the engine has carried it out and its reports are applied.
  func send(_ command: EngineCommand) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      post(command, waiter: continuation)
    }
  }
}
