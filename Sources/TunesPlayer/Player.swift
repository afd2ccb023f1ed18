// The Player actor: the ONE owner of the play state (stopped/playing/paused, queue, current song and
// position, shuffle pass, modes, volume, version). It tells the PlaybackEngine what to play and changes
// its state only from the engine's reports, so what it shows is what the speakers do. Remote control,
// the terminal UI and the scrobbler drive it through its API and observe it through its one stream of
// facts (PlayFact), which it yields without ever running an observer's code. This file holds the state,
// the stream of facts and the status snapshot; the rest is split by concern, as MPD splits its
// playlist code: Player+Transport, Player+Options, Player+Shuffle, Player+QueueEditing, Player+NextSong,
// Player+EngineReports, Player+Listens and Player+SaveRestore.
import Foundation
import TunesCore
import TunesLibrary

public actor Player {
  // MARK: wiring
  let engine: PlaybackEngine
  let reports: AsyncStream<EngineReport>
  private var consumer: Task<Void, Never>?
  let library: Library?
  let store: PlayStateStore?
  /// Writes what `save` hands it on its own thread; made at the first save.
  var writer: StateWriter?
  let clock: TunesClock
  /// False when the output is not heard as it plays (`--pace max` renders as fast as it can): no play
  /// is counted, no listen queued, no playing_now sent.
  public nonisolated let countsPlays: Bool

  // MARK: the state
  var queue = Queue()
  var state: PlayState = .stopped
  /// The entry playing or paused; while stopped, where play starts.
  var currentID: Int?
  var elapsedMs = 0
  var durationMs: Int?
  var format: AudioFormat?
  var volume = 100
  var repeatMode: RepeatMode = .off
  var random = false
  var single: SingleMode = .off
  var consume = false
  var replayGain = ReplayGainSettings()
  var crossfadeSeconds = 0
  var mixRamp = MixRampSettings()
  /// The one live shuffle pass. A plan made for a song not yet heard holds the pass as it will be once
  /// that song starts; every other change of it counts in `passEdits`, so such a plan, made before the
  /// change, is applied to the pass as it is then instead of replacing it (Player+PassPlans).
  var pass: ShufflePass? { didSet { if !adoptingPlannedPass { passEdits &+= 1 } } }
  /// Changes of `pass` other than a plan's own taking effect (queue edits, random switched, a restore).
  var passEdits = 0
  var adoptingPlannedPass = false
  /// Runs before an arrangement made off the actor is applied (tests edit the queue there); see Player+Shuffle.
  var arrangementHold: (@Sendable () async -> Void)?
  /// An arrangement made ahead of the command that applies it (`prepareArrangement`).
  var preparedArrangement: PreparedArrangement?
  /// The most entries the queue takes (MPD's `max_playlist_length`); see Player+QueueLimit.
  var maximumQueueLength = Player.defaultMaximumQueueLength
  /// A change is waiting to be saved (see `save`): a burst of edits makes one snapshot.
  var saveDue = false
  /// Snapshots handed to the writer so far (tests count them).
  var snapshotsTaken = 0
  var rng: SeededRandom
  /// Whoever built the Player chose the seed (`--seed`): a restored session does not replace it.
  let seeded: Bool
  var version = 0
  var lastError: String?

  // MARK: bookkeeping of plays in flight
  /// What the Player meant by each track handed to the engine, by token.
  var plans = EnginePlans()
  /// True while the engine holds the current track (playing, or paused with it loaded).
  var engineLoaded: Bool { plans.current != nil }
  var reportedSkips: Set<String> = []
  var listenRule: ListenRule? { didSet { listenRuleReplaced(oldValue) } }
  /// The listen told as `counted` (or restored from a state saved before it was written) and not yet
  /// acknowledged written (`listenRecorded`): until it is, the saved state holds it and does not say
  /// its play counted.
  var unrecordedListen: ToldListen?
  /// `unrecordedListen` came from the saved state and no recorder has been handed it yet.
  var restoredListenUntold = false
  /// A listen recorder reads the facts (`subscribeRecording`): a restored listen is told to it at once.
  var recorderAttached = false
  /// The play state `shutdown` saved (a playing session is saved as playing though the engine paused):
  /// a save after it, for a listen acknowledged late, saves that state too.
  var stateAtShutdown: PlayState?
  var lastHeardMs: Int?
  /// Audio heard since this Player started, over every song (MPD's `playtime`).
  public internal(set) var heardMs = 0
  /// The restored session's progress toward a listen of the current entry: its play goes on from it.
  var restoredListen: (itemID: Int, progress: ListenProgress)?
  var failuresInRow = 0
  var lastFailure: PlayerError?
  var pausedAt: Double?
  var lastSave: Double = 0
  var handledReports = 0
  var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
  /// Engine commands waiting behind a track whose song is still being read (Player+TrackHandover); empty
  /// almost always, and then commands go to the engine at once.
  var outbox: [PendingEngineCommand] = []
  var outboxIDs: UInt64 = 0
  /// Subsystems changed inside `changingOnce`, told together when it ends; nil outside.
  var heldChanges: Set<PlayerSubsystem>?
  let factListeners = Broadcaster<PlayFact>()

  /// `countsPlays`: false for output nobody hears in real time; its plays never count (see `countsPlays`).
  public init(
    sink: sending AudioSink, decoders: AudioDecoderFactory, library: Library? = nil, persist: Bool = true,
    clock: TunesClock = SystemClock(), seed: UInt64? = nil, countsPlays: Bool = true
  ) {
    let (stream, continuation) = AsyncStream.makeStream(of: EngineReport.self)
    reports = stream
    engine = PlaybackEngine(sink: sink, decoders: decoders, clock: clock) { continuation.yield($0) }
    engine.start()
    self.library = library
    store = persist ? library.map(PlayStateStore.init) : nil
    self.clock = clock
    self.countsPlays = countsPlays
    rng = SeededRandom(seed: seed ?? SeededRandom.randomSeed())
    seeded = seed != nil
  }

  /// A Player dropped without `shutdown` still writes its last state and ends its writer's thread.
  deinit {
    writer?.stop()
  }

  func ensureStarted() {
    guard consumer == nil else { return }
    let reports = self.reports
    consumer = Task { [weak self] in
      for await report in reports {
        guard let self else { return }
        await self.handle(report)
      }
    }
  }

  // MARK: the stream of facts

  /// A new stream of the facts told from now on (each call gets its own), until `shutdown`.
  /// `keepingAll`: a reader that falls behind still gets every fact (the listen recorder must); otherwise
  /// it keeps the newest thousand, as a display needs no more.
  public func facts(keepingAll: Bool = false) -> AsyncStream<PlayFact> {
    subscribe(keepingAll: keepingAll).stream
  }

  /// `facts`, with how many facts were told before the stream began (see `factsTold`).
  func subscribe(keepingAll: Bool) -> (stream: AsyncStream<PlayFact>, sentBefore: Int) {
    ensureStarted()
    return factListeners.subscribe(keepingAll: keepingAll)
  }

  /// How many facts were told so far: a reader that has read `factsTold - sentBefore` of its stream has
  /// caught up.
  public nonisolated var factsTold: Int { factListeners.sentCount }

  /// Bumps the version, tells the observers which subsystems changed with the state they changed to, and
  /// saves.
  func changed(_ subsystems: Set<PlayerSubsystem>) {
    if let held = heldChanges {
      heldChanges = held.union(subsystems)
      return
    }
    version += 1
    // `snapshot`, not `status`: a change may be told while an engine report is applied.
    tell(.changed(PlayerChange(subsystems: subsystems, version: version, status: snapshot())))
    save()
  }

  /// Runs `body` with every change it makes told as one change set when it ends, as MPD tells one
  /// command's changes: an idle client wakes once (a `clear` while playing is `player` and `playlist`).
  func changingOnce(_ body: () async -> Void) async {
    let outermost = holdChanges()
    await body()
    if outermost { releaseChanges() }
  }

  /// Starts holding changes back; returns false when they already are (the outermost holder releases).
  func holdChanges() -> Bool {
    guard heldChanges == nil else { return false }
    heldChanges = []
    return true
  }

  /// Tells the changes held back as one change set.
  func releaseChanges() {
    let held = heldChanges ?? []
    heldChanges = nil
    if !held.isEmpty { changed(held) }
  }

  /// Hands a fact to every stream of facts.
  func tell(_ fact: PlayFact) {
    factListeners.send(fact)
  }

  // MARK: reading the state

  public func status() -> PlayerStatus {
    catchUpPosition()
    return snapshot()
  }

  /// The status as the state holds it, without first taking in what the device played since the last
  /// report (for a fact told while a report is applied).
  func snapshot() -> PlayerStatus {
    let position = currentID.flatMap { queue.position(ofID: $0) }
    // Decoded once from the packed queue, for the song and its duration both.
    let song = position.map { queue.song(at: $0) }
    let upcoming = upcomingID()
    return PlayerStatus(
      state: state, volume: volume, repeatMode: repeatMode, random: random, singleMode: single, consume: consume,
      queueVersion: queue.version, queueLength: queue.count, currentPosition: position,
      currentID: position == nil ? nil : currentID,
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

  /// Entries added or moved since `version` (MPD `plchanges`; the MPD backend works it out from the
  /// entries' versions itself, so only the tests ask).
  func queueChanges(since version: Int) -> [QueueEntry] {
    queue.changes(since: version).map {
      QueueEntry(position: $0.position, id: $0.item.id, song: $0.item.song, version: $0.item.version)
    }
  }

  /// The shuffle pass order (entry ids) and cursor, nil when shuffle is off (for tests).
  func shuffleOrder() -> (ids: [Int], cursor: Int, number: Int)? {
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
}
