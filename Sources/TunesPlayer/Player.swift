// The Player actor: the ONE owner of the play state (stopped/playing/paused, queue, current song and
// position, shuffle pass, modes, volume, version). It tells the PlaybackEngine what to play and changes
// its state only from the engine's reports, so what it shows is what the speakers do. Remote control,
// the terminal UI and the scrobbler all read and drive it through the API below.
import Foundation
import TunesCore
import TunesLibrary

/// Called when a play counts as a listen. The scrobbler installs one that records the play and queues
/// the listen in one transaction; without one the Player calls `Library.recordPlay`.
public typealias ListenHook = @Sendable (_ song: Song, _ listen: Listen) throws -> Void

public actor Player {
  // MARK: wiring
  private let engine: PlaybackEngine
  private let reports: AsyncStream<EngineReport>
  private var consumer: Task<Void, Never>?
  private let library: Library?
  private let store: PlayStateStore?
  /// Writes what `save` hands it on its own thread; made at the first save.
  private var writer: StateWriter?
  private let clock: TunesClock
  private var listenHook: ListenHook?

  // MARK: the state
  private var queue = Queue()
  private var state: PlayState = .stopped
  /// The entry playing or paused; while stopped, where play starts.
  private var currentID: Int?
  private var elapsedMs = 0
  private var durationMs: Int?
  private var format: AudioFormat?
  private var volume = 100
  private var repeatMode: RepeatMode = .off
  private var random = false
  private var single = false
  private var consume = false
  private var pass: ShufflePass?
  private var rng: SeededRandom
  private var version = 0
  private var lastError: String?

  // MARK: bookkeeping of plays in flight
  /// What the Player meant by each track handed to the engine, by token.
  private var plans = EnginePlans()
  /// True while the engine holds the current track (playing, or paused with it loaded).
  private var engineLoaded: Bool { plans.current != nil }
  private var reportedSkips: Set<String> = []
  private var listenRule: ListenRule?
  private var lastHeardMs: Int?
  /// Audio heard since this Player started, over every song (MPD's `playtime`).
  public private(set) var heardMs = 0
  private var currentCountable = true
  private var failuresInRow = 0
  private var lastFailure: PlayerError?
  private var pausedAt: Double?
  private var lastSave: Double = 0
  private var handledReports = 0
  private var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
  private let eventListeners = Broadcaster<PlayerEvent>()
  private let changeListeners = Broadcaster<PlayerChange>()

  /// How often the position is saved while playing.
  public static let saveInterval = 2.0

  public init(
    sink: sending AudioSink, decoders: AudioDecoderFactory, library: Library? = nil, persist: Bool = true,
    clock: TunesClock = SystemClock(), seed: UInt64? = nil
  ) {
    let (stream, continuation) = AsyncStream.makeStream(of: EngineReport.self)
    reports = stream
    engine = PlaybackEngine(sink: sink, decoders: decoders) { continuation.yield($0) }
    engine.start()
    self.library = library
    store = persist ? library.map(PlayStateStore.init) : nil
    self.clock = clock
    rng = SeededRandom(seed: seed ?? SeededRandom.randomSeed())
  }

  /// A Player dropped without `shutdown` still writes its last state and ends its writer's thread.
  deinit {
    writer?.stop()
  }

  private func ensureStarted() {
    guard consumer == nil else { return }
    let reports = self.reports
    consumer = Task { [weak self] in
      for await report in reports {
        guard let self else { return }
        await self.handle(report)
      }
    }
  }

  // MARK: listeners

  /// A new stream of events (each call gets its own).
  public func events() -> AsyncStream<PlayerEvent> {
    ensureStarted()
    return eventListeners.stream()
  }

  /// A new stream of changed MPD idle subsystems with the state version after the change.
  public func changes() -> AsyncStream<PlayerChange> {
    ensureStarted()
    return changeListeners.stream()
  }

  public func setListenHook(_ hook: ListenHook?) { listenHook = hook }

  // MARK: reading the state

  public func status() -> PlayerStatus {
    let position = currentID.flatMap { queue.position(ofID: $0) }
    // Decoded once from the packed queue, for the song and its duration both.
    let song = position.map { queue.song(at: $0) }
    let upcoming = upcomingID()
    return PlayerStatus(
      state: state, volume: volume, repeatMode: repeatMode, random: random, single: single, consume: consume,
      queueVersion: queue.version, queueLength: queue.count, currentPosition: position, currentID: position == nil ? nil : currentID,
      nextPosition: upcoming.flatMap { queue.position(ofID: $0) }, nextID: upcoming,
      song: song, elapsedMs: state == .stopped ? 0 : elapsedMs, durationMs: durationMs ?? song?.durationMs,
      format: state == .stopped ? nil : format, passNumber: pass?.number ?? 0, error: lastError, version: version)
  }

  public func queueEntries() -> [QueueEntry] {
    (0..<queue.count).map { position in
      let item = queue[position]
      return QueueEntry(position: position, id: item.id, song: item.song, version: item.version)
    }
  }

  /// Entries added or moved since `version` (MPD `plchanges`).
  public func queueChanges(since version: Int) -> [QueueEntry] {
    queue.changes(since: version).map { QueueEntry(position: $0.position, id: $0.item.id, song: $0.item.song, version: $0.item.version) }
  }

  /// The shuffle pass order (entry ids) and cursor, nil when shuffle is off.
  public func shuffleOrder() -> (ids: [Int], cursor: Int, number: Int)? {
    pass.map { ($0.orderIDs, $0.cursor, $0.number) }
  }

  /// The failure that ended play, if nothing in the queue could be played.
  public func failure() -> PlayerError? { lastFailure }

  /// Forgets the last error shown in the status (MPD's `clearerror`); play is not touched.
  public func clearError() {
    guard lastError != nil else { return }
    lastError = nil
    changed([.player])
  }

  /// Waits until every report the engine has sent so far has been applied (tests, orderly exits).
  public func settle() async {
    ensureStarted()
    while handledReports < engine.reportCount { await Task.yield() }
  }

  public var isEngineIdle: Bool { engine.isIdle }
  public var engineReports: Int { engine.reportCount }
  public var engineHasPendingCommands: Bool { engine.hasPendingCommands }

  // MARK: restore

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

  // MARK: transport

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
      await start(itemID: currentID, chosen: !reached, startMs: elapsedMs, countable: currentCountable)
    } else if var p = pass {
      if let first = p.advance() ?? p.beginNewPass() { await start(itemID: first, plannedPass: p) }
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
    if engineLoaded { await send(.stop) }
    becomeStopped(finished: false)
  }

  /// The one way into `.stopped`, whatever ended play: the engine holds nothing (callers whose engine
  /// still plays silence it first), and as in MPD a stopped player has no position: `play` starts the
  /// current entry from its beginning. `finished`: play ended by itself (the queue played out, nothing
  /// was playable, the device failed), which is announced, and is news (a `player` change) even when
  /// the play that failed never left `.stopped`; a stop that was asked for is announced by no event.
  private func becomeStopped(finished: Bool) {
    plans.engineEmptied()
    let wasStopped = state == .stopped
    state = .stopped
    elapsedMs = 0
    if finished { emit(.finished) }
    if finished || !wasStopped { changed([.player]) }
  }

  public func next() async {
    ensureStarted()
    guard state != .stopped, let currentID else { return }
    guard let plan = planAfter(itemID: currentID, base: pass, advance: .userNext) else {
      await stop()
      return
    }
    await start(plan)
  }

  /// Restarts the song when more than 3 s in; otherwise the song before (what actually played, when shuffling).
  public func previous() async {
    ensureStarted()
    guard state != .stopped, let currentID else { return }
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

  public func seek(by deltaMs: Int) async { await seek(toMs: max(0, elapsedMs + deltaMs)) }

  /// MPD `seek`/`seekid`: another entry starts playing at `ms`.
  public func seek(id: Int, toMs ms: Int) async throws {
    guard queue.item(id: id) != nil else { throw PlayerError.noSuchID(id) }
    if id == currentID && state != .stopped {
      await seek(toMs: ms)
    } else {
      await start(itemID: id, chosen: true, startMs: ms)
    }
  }

  // MARK: mixer and options

  public func setVolume(_ value: Int) {
    ensureStarted()
    let clamped = min(max(value, 0), 100)
    guard clamped != volume else { return }
    volume = clamped
    engine.setVolume(clamped)
    changed([.mixer])
  }

  public func changeVolume(by delta: Int) { setVolume(volume + delta) }

  public func setRandom(_ on: Bool) {
    ensureStarted()
    guard on != random else { return }
    random = on
    pass = on ? ShufflePass(keys: queue.shuffleKeys(), current: state == .stopped ? nil : currentID, rng: rng) : nil
    if on, let pass { rng = pass.rng }
    optionsChanged()
  }

  public func setRepeat(_ mode: RepeatMode) {
    ensureStarted()
    guard mode != repeatMode else { return }
    repeatMode = mode
    optionsChanged()
  }

  public func setSingle(_ on: Bool) {
    ensureStarted()
    guard on != single else { return }
    single = on
    optionsChanged()
  }

  public func setConsume(_ on: Bool) {
    ensureStarted()
    guard on != consume else { return }
    consume = on
    optionsChanged()
  }

  private func optionsChanged() {
    changed([.options])
    replanNext()
  }

  // MARK: queue editing

  /// Adds songs at `position` (nil: the end); returns their entry ids. Shuffling, they go to random
  /// places in the unplayed part of the pass.
  @discardableResult
  public func add(_ songs: [Song], at position: Int? = nil) throws -> [Int] {
    try add(SongBatch(songs), at: position)
  }

  /// Adds packed songs (a whole-library queue is read straight into its pack).
  @discardableResult
  public func add(_ songs: SongBatch, at position: Int? = nil) throws -> [Int] {
    ensureStarted()
    if let position, position < 0 || position > queue.count { throw PlayerError.noSuchPosition(position) }
    let start = position ?? queue.count
    let ids = queue.add(songs, at: position)
    if var p = pass {
      // The new entries sit together from `start`: no search of the queue per entry.
      for key in queue.shuffleKeys(start..<start + ids.count) { p.insert(key) }
      pass = p
    }
    queueChanged()
    return ids
  }

  public func delete(position: Int) async throws {
    guard position >= 0 && position < queue.count else { throw PlayerError.noSuchPosition(position) }
    try await delete(id: queue[position].id)
  }

  /// Removes an entry; removing the one playing moves on as `next` would. Removing the paused one stops,
  /// as MPD does (a paused player never starts playing by itself): the entry that would have followed
  /// becomes the current one, so `play` starts there.
  public func delete(id: Int) async throws {
    ensureStarted()
    guard queue.item(id: id) != nil else { throw PlayerError.noSuchID(id) }
    if id == currentID && state != .stopped {
      let following = planAfter(itemID: id, base: pass, advance: .userNext).flatMap { $0.itemID != id ? $0 : nil }
      if state == .playing, let following {
        await start(following)
      } else {
        await stop()
        // The pass is left as it is: playing the new current entry takes it from the pass as a choice.
        if let following { currentID = following.itemID }
      }
    }
    let wasWrittenAhead = plans.writtenAhead?.itemID == id
    if let position = queue.position(ofID: id) { queue.remove(at: position) }
    pass?.remove(id: id)
    if id == currentID && state == .stopped { currentID = nil }
    queueChanged()
    if wasWrittenAhead, let currentID, state == .playing {
      // The device already holds the start of the removed song: reload the current one where it is.
      await start(PlayPlan(itemID: currentID, pass: nil, continuesPlay: true), startMs: elapsedMs)
    }
  }

  public func move(from: Int, to: Int) throws {
    ensureStarted()
    guard from >= 0 && from < queue.count else { throw PlayerError.noSuchPosition(from) }
    guard to >= 0 && to < queue.count else { throw PlayerError.noSuchPosition(to) }
    queue.move(from: from, to: to)
    queueChanged()
  }

  public func move(id: Int, to: Int) throws {
    guard let from = queue.position(ofID: id) else { throw PlayerError.noSuchID(id) }
    try move(from: from, to: to)
  }

  public func clear() async {
    ensureStarted()
    await stop()
    queue.clear()
    currentID = nil
    if random { pass = ShufflePass(keys: [], current: nil, rng: rng) }
    queueChanged()
  }

  /// Reorders the queue itself at random (MPD `shuffle`), spreading artists apart like a pass.
  public func shuffleQueue() {
    ensureStarted()
    guard queue.count > 1 else { return }
    let order = ShuffleArranger.arrange(queue.shuffleKeys(), first: nil, after: nil, rng: &rng)
    queue.reorder(order.map(\.id))
    queueChanged()
  }

  /// Replaces the queue (`tunes play QUERY` against a running player); returns the new ids.
  @discardableResult
  public func replaceQueue(with songs: [Song]) async -> [Int] {
    await replaceQueue(with: SongBatch(songs))
  }

  @discardableResult
  public func replaceQueue(with songs: SongBatch) async -> [Int] {
    await clear()
    return (try? add(songs)) ?? []
  }

  private func queueChanged() {
    changed([.playlist])
    replanNext()
  }

  // MARK: deciding what plays

  /// The song that follows `itemID` by the next-song rule, and the pass as it will be when it starts.
  private func planAfter(itemID: Int, base: ShufflePass?, advance: Advance) -> PlayPlan? {
    if random, var p = base {
      let decision = nextSong(
        cursor: p.cursor, length: p.order.count, repeat: repeatMode, single: single, consume: consume, shuffle: true,
        advance: advance)
      let consumeID = decision.consumeCurrent ? itemID : nil
      switch decision.action {
      case .stop: return nil
      case .replay: return PlayPlan(itemID: itemID, pass: nil, consumeID: nil)
      case .newPass:
        if consumeID != nil { p.remove(id: itemID) }
        guard let first = p.beginNewPass() else { return nil }
        return PlayPlan(itemID: first, pass: p, consumeID: consumeID)
      case .play:
        // The pass's own next unplayed song: `play(cursor + 1)` is the entry after the cursor.
        guard let id = p.advance() else { return nil }
        return PlayPlan(itemID: id, pass: p, consumeID: consumeID)
      }
    }
    guard let position = queue.position(ofID: itemID) else { return queue.isEmpty ? nil : PlayPlan(itemID: queue[0].id) }
    let decision = nextSong(
      cursor: position, length: queue.count, repeat: repeatMode, single: single, consume: consume, shuffle: false,
      advance: advance)
    let consumeID = decision.consumeCurrent ? itemID : nil
    switch decision.action {
    case .stop: return nil
    case .replay: return PlayPlan(itemID: itemID)
    case .newPass: return PlayPlan(itemID: queue[0].id, consumeID: consumeID)
    case .play(let index): return PlayPlan(itemID: queue[index].id, consumeID: consumeID)
    }
  }

  /// The entry expected after the current one (for `status`).
  private func upcomingID() -> Int? {
    guard let currentID else { return random ? pass?.upcoming : (queue.isEmpty ? nil : queue[0].id) }
    if let plan = plans.plannedNextPlan { return plan.itemID }
    return planAfter(itemID: currentID, base: pass, advance: .songEnded)?.itemID
  }

  /// Tells the engine what follows the song it writes, so it can open it early and play on without a gap.
  private func replanNext() {
    // Plans of earlier tokens stay: the engine may already be writing one of them.
    guard engineLoaded, let token = plans.written, let currentID else { return }
    let ahead = plans.writtenAhead
    guard let plan = planAfter(itemID: ahead?.itemID ?? currentID, base: ahead?.pass ?? pass, advance: .songEnded),
      let item = queue.item(id: plan.itemID).map(current)
    else {
      plans.planNothingNext()
      engine.post(.setNext(after: token, nil))
      return
    }
    let next = plans.planNext(plan)
    engine.post(.setNext(after: token, EngineTrack(token: next, path: item.song.path)))
  }

  /// The entry with the library's current row for its song: a file the indexer recorded as moved keeps
  /// its song id with a new path, and the queue follows it (the entry is updated, a `playlist` change).
  private func current(_ item: QueueItem) -> QueueItem {
    guard let library, let songID = item.song.id, let fresh = try? library.song(id: songID), fresh.path != item.song.path,
      queue.replaceSong(id: item.id, with: fresh)
    else { return item }
    changed([.playlist])
    return QueueItem(id: item.id, song: fresh, version: queue.version)
  }

  /// Takes the library's current rows for every queued song whose path changed (after an index update):
  /// the entries keep their ids and places. Returns how many entries changed.
  @discardableResult
  public func refreshSongs() -> Int {
    guard let library else { return 0 }
    let paths: [Int64: String]
    do {
      paths = try library.songPaths()
    } catch {
      emit(.message("cannot read the library: \(error)"))
      return 0
    }
    var updated = 0
    for item in queue.items {
      guard let songID = item.song.id, let path = paths[songID], path != item.song.path,
        let fresh = try? library.song(id: songID), queue.replaceSong(id: item.id, with: fresh)
      else { continue }
      updated += 1
    }
    if updated > 0 { queueChanged() }
    return updated
  }

  /// Starts an entry the user chose: shuffling, it is taken out of the rest of the pass.
  private func start(itemID: Int, chosen: Bool = false, startMs: Int = 0, countable: Bool = true, plannedPass: ShufflePass? = nil) async {
    var p = plannedPass
    if p == nil, chosen, var current = pass {
      current.jump(to: itemID)
      p = current
    }
    await start(PlayPlan(itemID: itemID, pass: p, consumeID: nil, countable: countable), startMs: startMs)
  }

  private func start(_ plan: PlayPlan, startMs: Int = 0) async {
    guard let item = queue.item(id: plan.itemID).map(current) else { return }
    let token = plans.play(plan)
    await send(.play(EngineTrack(token: token, path: item.song.path), startMs: startMs))
  }

  private func resume() async {
    if engineLoaded {
      await send(.resume)
    } else if let currentID {
      // A restored session: the engine holds nothing yet; continue from the saved position.
      await start(itemID: currentID, startMs: elapsedMs, countable: currentCountable)
    }
  }

  /// Posts a command and waits until the engine has carried it out and its reports are applied.
  private func send(_ command: EngineCommand) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let seq = engine.post(command)
      waiters[seq] = continuation
    }
  }

  // MARK: the engine's reports

  private func handle(_ report: EngineReport) {
    handledReports += 1
    switch report {
    case .done(let seq):
      waiters.removeValue(forKey: seq)?.resume()
    case .writing(let token):
      if plans.engineWrites(token) && engineLoaded { replanNext() }
    case .started(let token, let format, let totalFrames, let frames):
      songStarted(token: token, format: format, totalFrames: totalFrames, frames: frames)
    case .position(let token, let frames):
      guard token == plans.current, let format else { return }
      heard(upTo: format.milliseconds(frames: frames))
      let now = clock.monotonic()
      if state == .playing && now - lastSave >= Self.saveInterval { save() }
    case .paused(let token, let frames):
      guard token == plans.current, let format else { return }
      heard(upTo: format.milliseconds(frames: frames))
      state = .paused
      pausedAt = clock.monotonic()
      emit(.paused)
      changed([.player])
    case .resumed(let token, let frames):
      guard token == plans.current, let format else { return }
      elapsedMs = format.milliseconds(frames: frames)
      lastHeardMs = elapsedMs
      state = .playing
      let pausedFor = pausedAt.map { clock.monotonic() - $0 } ?? 0
      pausedAt = nil
      emit(.resumed(afterPauseSeconds: pausedFor))
      changed([.player])
    case .seeked(let token, let frames):
      guard token == plans.current, let format else { return }
      elapsedMs = format.milliseconds(frames: frames)
      lastHeardMs = elapsedMs
      emit(.seeked(toMs: elapsedMs))
      changed([.player])
    case .failed(let token, let path, let message):
      songFailed(token: token, path: path, message: message)
    case .warning(_, let path, let message):
      emit(.message("\(path): \(message)"))
    case .ended(let token):
      guard token == plans.current else { return }
      // Consume: the last song leaves the queue too once it has played out.
      if consume, let id = currentID { removeConsumed(id) }
      // As in MPD, a queue played to its end has no current entry: `play` starts it anew.
      currentID = nil
      becomeStopped(finished: true)
    case .stopped:
      break
    case .outputFailed(let message):
      lastError = message
      lastFailure = .output(message)
      emit(.failed(.output(message)))
      becomeStopped(finished: true)
    }
  }

  private func songStarted(token: UInt64, format: AudioFormat, totalFrames: Int?, frames: Int) {
    guard let plan = plans.started(token), let item = queue.item(id: plan.itemID) else {
      // The engine plays an entry the queue no longer has: silence it rather than show something else.
      engine.post(.stop)
      becomeStopped(finished: false)
      return
    }
    if let p = plan.pass { pass = p; rng = p.rng }
    if let consumeID = plan.consumeID, consumeID != plan.itemID { removeConsumed(consumeID) }
    currentID = plan.itemID
    self.format = format
    // Rounded as the index rounds it, so the status and the song's row give one length.
    durationMs = totalFrames.map { format.duration(frames: $0) } ?? item.song.durationMs
    elapsedMs = format.milliseconds(frames: frames)
    lastHeardMs = elapsedMs
    let startedAt = clock.now()
    if !plan.continuesPlay || listenRule == nil {
      listenRule = ListenRule(durationMs: durationMs, startedAt: startedAt, countable: plan.countable)
    }
    currentCountable = true
    state = .playing
    failuresInRow = 0
    lastError = nil
    lastFailure = nil
    if !plan.continuesPlay { emit(.songStarted(item.song, at: startedAt)) }
    // A song change is `player` only: the queue (MPD's playlist) did not change, shuffling or not.
    changed([.player])
    replanNext()
  }

  private func songFailed(token: UInt64, path: String, message: String) {
    // Decoder errors name their file first; the path is said once.
    let message = message.withoutLeadingPath(path)
    let (plan, wasPlay, isNext) = plans.failed(token)
    // The same broken file is named once, however often it is planned again.
    if reportedSkips.insert(path).inserted { emit(.message("skipped \(path): \(message)")) }
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
        engine.post(.setNext(after: current, nil))
      } else {
        becomeStopped(finished: true)
      }
      return
    }
    // Skip it: plan what follows it as if it had been played.
    guard let following = planAfter(itemID: plan.itemID, base: plan.pass ?? pass, advance: .userNext),
      let item = queue.item(id: following.itemID).map(current)
    else {
      if !isNext {
        lastFailure = .nothingPlayable(lastPath: path, reason: message)
        becomeStopped(finished: true)
      } else if let current = writing {
        plans.planNothingNext()
        engine.post(.setNext(after: current, nil))
      }
      return
    }
    if isNext, let current = writing {
      let next = plans.planNext(following)
      engine.post(.setNext(after: current, EngineTrack(token: next, path: item.song.path)))
    } else {
      // Nothing is playing: start the following one (its reports arrive like any other play).
      let token = plans.play(following)
      engine.post(.play(EngineTrack(token: token, path: item.song.path), startMs: 0))
    }
  }

  /// Feeds the listen rule with audio heard up to `ms` since the last report.
  private func heard(upTo ms: Int) {
    let from = lastHeardMs ?? ms
    elapsedMs = ms
    lastHeardMs = ms
    heardMs += max(ms - from, 0)
    guard var rule = listenRule, let id = currentID else { return }
    let listen = rule.heard(from: from, to: ms)
    listenRule = rule
    // The entry is looked up only when a listen is due, not at every position report.
    if let listen, let song = queue.item(id: id)?.song { listened(song, listen) }
  }

  /// A listen leaves the player through the hook alone (the scrobbler's), or is counted in the library.
  private func listened(_ song: Song, _ listen: Listen) {
    do {
      if let listenHook {
        try listenHook(song, listen)
      } else if let library, let songID = song.id {
        try library.recordPlay(songID: songID, at: clock.now())
      }
    } catch {
      emit(.message("cannot record the play of \(song.path): \(error)"))
    }
  }

  private func removeConsumed(_ id: Int) {
    guard let position = queue.position(ofID: id) else { return }
    queue.remove(at: position)
    pass?.remove(id: id)
    changed([.playlist])
  }

  // MARK: change notification and persistence

  private func changed(_ subsystems: Set<PlayerSubsystem>) {
    version += 1
    changeListeners.send(PlayerChange(subsystems: subsystems, version: version))
    save()
  }

  private func emit(_ event: PlayerEvent) {
    eventListeners.send(event)
  }

  private func save() {
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
