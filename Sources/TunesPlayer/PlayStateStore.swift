// Saving and restoring the play state in the library database (tables in PlayStateSchema.swift).
// Written through the Player's StateWriter (at every transition and every few seconds of playback), read at restore.
import Foundation
import GRDB
import TunesLibrary

/// Everything a restart needs to continue exactly where play stopped.
public struct PlayStateSnapshot: Sendable, Equatable {
  public var queue: Queue
  public var state: PlayState
  public var currentID: Int?
  public var positionMs: Int
  public var volume: Int
  public var repeatMode: RepeatMode
  public var random: Bool
  public var single: SingleMode
  public var consume: Bool
  /// Present exactly when `random` is on.
  public var pass: ShufflePass?
  public var version: Int
  public var replayGain: ReplayGainSettings
  /// Seconds of crossfade (0: off).
  public var crossfade: Int
  public var mixRamp: MixRampSettings
  /// How far the current entry's play has got toward a listen (nil: no play under way).
  public var listen: ListenProgress?
  /// The listen told and not yet written (nil: none): the next start records it.
  public var toldListen: ToldListen?

  public init(
    queue: Queue = Queue(), state: PlayState = .stopped, currentID: Int? = nil, positionMs: Int = 0, volume: Int = 100,
    repeatMode: RepeatMode = .off, random: Bool = false, single: SingleMode = .off, consume: Bool = false,
    pass: ShufflePass? = nil, version: Int = 0, replayGain: ReplayGainSettings = ReplayGainSettings(),
    crossfade: Int = 0, mixRamp: MixRampSettings = MixRampSettings(), listen: ListenProgress? = nil,
    toldListen: ToldListen? = nil
  ) {
    self.queue = queue
    self.state = state
    self.currentID = currentID
    self.positionMs = positionMs
    self.volume = volume
    self.repeatMode = repeatMode
    self.random = random
    self.single = single
    self.consume = consume
    self.pass = pass
    self.version = version
    self.replayGain = replayGain
    self.crossfade = crossfade
    self.mixRamp = mixRamp
    self.listen = listen
    self.toldListen = toldListen
  }
}

/// Writes are transactions: a crash leaves either the old or the new state, never half of each. The
/// queue is rewritten only when it changed; when only the shuffle order did (random switched on or off,
/// a new pass) each entry's place in it is written and no more; and when nothing but the position
/// moved since the last save (the periodic save while playing) only the position and the time are
/// written, by one UPDATE prepared once per connection. In WAL mode with `synchronous = NORMAL` (see
/// Library.swift) a commit is not an fsync: a killed process loses nothing committed, and only a power
/// cut can lose the last commits.
public final class PlayStateStore: @unchecked Sendable {
  // @unchecked: written from the StateWriter's one thread, read by the Player; the lock guards the cached values.
  private let library: Library
  private let lock = NSLock()
  private var savedQueueKey: QueueKey?
  /// The last snapshot written, position and queue left out (the queue is `savedQueueKey`'s).
  private var savedState: PlayStateSnapshot?

  private struct QueueKey: Equatable {
    var version: Int
    var order: [Int]?
  }

  public init(library: Library) {
    self.library = library
  }

  /// The play-state area's tables in the library database.
  private var tables: AreaDatabase { library.database(for: .playState) }

  public func save(_ snapshot: PlayStateSnapshot, at date: Date = Date()) throws {
    let key = QueueKey(version: snapshot.queue.version, order: snapshot.pass?.orderIDs)
    let state = Self.withoutPosition(snapshot)
    let (rewriteQueue, orderOnly, positionOnly) = lock.withLock {
      (
        savedQueueKey != key, savedQueueKey != key && savedQueueKey?.version == key.version,
        savedQueueKey == key && savedState == state
      )
    }
    do {
      try tables.write { db in
        // A row that is gone (a database replaced under the player) gets the whole state again.
        if positionOnly, try Self.writePosition(db, snapshot, at: date) { return }
        if rewriteQueue {
          let reordered = orderOnly ? try Self.writeShuffleOrder(db, snapshot) : false
          if !reordered { try Self.writeQueue(db, snapshot) }
        }
        try Self.writeState(db, snapshot, at: date)
      }
    } catch {
      lock.withLock {
        savedQueueKey = nil
        savedState = nil
      }
      if let busy = LibraryBusy(error, path: library.path) { throw busy }
      throw PlayerError.stateStore("cannot save: \(error)")
    }
    lock.withLock {
      savedQueueKey = key
      savedState = state
    }
  }

  /// What a save compares with the last one: everything but the position, the time heard toward a
  /// listen (both move while playing), the listen told and not yet written (the periodic save writes
  /// all three) and the queue (compared by its key).
  private static func withoutPosition(_ snapshot: PlayStateSnapshot) -> PlayStateSnapshot {
    var state = snapshot
    state.queue = Queue()
    state.positionMs = 0
    state.listen = nil
    state.toldListen = nil
    return state
  }

  /// The saved state, or nil when nothing was ever saved. Songs are refreshed from the library when they
  /// are still in it; otherwise the names saved with the queue are used.
  public func load() throws -> PlayStateSnapshot? {
    do {
      return try tables.read { db -> PlayStateSnapshot? in
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM playerState WHERE id = 1") else { return nil }
        // The library's songs for the whole queue in one query (one lookup per entry took 1.5 s for
        // 10k entries), then each entry takes its song when the library still has it: at its current path,
        // when the indexer recorded the file as moved.
        let queuedIDs = try Int64.fetchAll(db, sql: "SELECT DISTINCT songId FROM queueItem WHERE songId IS NOT NULL")
        let fresh = try Song.fetchSelected(db, ids: queuedIDs)
        var freshIndex: [Int64: Int] = [:]
        freshIndex.reserveCapacity(fresh.count)
        for (index, song) in fresh.enumerated() { if let id = song.id { freshIndex[id] = index } }
        var items: [QueueItem] = []
        var shuffleOrder: [(index: Int, id: Int)] = []
        let rows = try Row.fetchCursor(
          db,
          sql: """
            SELECT id, songId, path, title, artist, album, durationMs, version, shuffleIndex, priority
            FROM queueItem ORDER BY position
            """
        )
        while let item = try rows.next() {
          let id: Int = item[0]
          let songID: Int64? = item[1]
          let path: String = item[2]
          let song: Song
          if let songID, let index = freshIndex[songID] {
            song = fresh[index]
          } else {
            song = Song(id: songID, path: path, title: item[3], artist: item[4], album: item[5], durationMs: item[6])
          }
          items.append(QueueItem(id: id, song: song, version: item[7], priority: item[9]))
          if let index: Int = item[8] { shuffleOrder.append((index, id)) }
        }
        let queue = Queue(items: items, version: row["queueVersion"], nextID: row["nextItemId"])
        let random: Bool = row["random"]
        var pass: ShufflePass?
        if random {
          let history = (try? JSONDecoder().decode([Int].self, from: Data((row["history"] as String).utf8))) ?? []
          let rngWords = (row["rngState"] as String?)?.split(separator: ",").compactMap { UInt64($0) } ?? []
          let rng = SeededRandom(state: rngWords) ?? SeededRandom(seed: SeededRandom.randomSeed())
          pass = ShufflePass(
            restoring: shuffleOrder.sorted { $0.index < $1.index }.map(\.id), keys: queue.shuffleKeys(),
            cursor: row["passCursor"], number: row["passNumber"], history: history, historyIndex: row["historyIndex"],
            rng: rng)
        }
        let currentID: Int? = row["currentItemId"]
        let current = currentID.flatMap { queue.position(ofID: $0) }.map { queue[$0].song }
        let told = try Self.toldListen(db, row)
        var listen = try current.flatMap { try Self.listen(db, row, songID: $0.id) }
        // The told listen is recorded by this start: its play has counted, and must not count again.
        if let told, listen?.startedAt == told.listen.listenedAt { listen?.fired = true }
        return PlayStateSnapshot(
          queue: queue,
          state: PlayState(rawValue: row["state"]) ?? .stopped,
          currentID: currentID.flatMap { queue.position(ofID: $0) != nil ? $0 : nil },
          positionMs: row["positionMs"],
          volume: min(max(row["volume"], 0), 100),
          repeatMode: RepeatMode(rawValue: row["repeat"]) ?? .off,
          random: random, single: Self.singleMode(code: row["single"]), consume: row["consume"],
          pass: pass, version: row["version"], replayGain: Self.replayGain(row),
          crossfade: max(row["crossfadeSeconds"], 0), mixRamp: Self.mixRamp(row),
          listen: listen, toldListen: told)
      }
    } catch {
      throw PlayerError.stateStore("cannot read the saved state: \(error)")
    }
  }

  private static func writeQueue(_ db: Database, _ snapshot: PlayStateSnapshot) throws {
    try db.execute(sql: "DELETE FROM queueItem")
    var shuffleIndex: [Int: Int] = [:]
    for (index, id) in (snapshot.pass?.orderIDs ?? []).enumerated() { shuffleIndex[id] = index }
    // A song id that is no longer in the library would break the foreign key: such an entry keeps the
    // path only (NULL id). All ids are checked in one statement, so a 10 000-song queue is 10 001 steps.
    let indexed = try Song.indexedIDs(db, among: (0..<snapshot.queue.count).compactMap { snapshot.queue[$0].song.id })
    let statement = try db.makeStatement(
      sql: """
        INSERT INTO queueItem (id, position, songId, path, title, artist, album, durationMs, version, shuffleIndex,
          priority)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    for position in 0..<snapshot.queue.count {
      let item = snapshot.queue[position]
      try statement.execute(arguments: [
        item.id, position, item.song.id.flatMap { indexed.contains($0) ? $0 : nil }, item.song.path, item.song.title,
        item.song.artist, item.song.album, item.song.durationMs, item.version, shuffleIndex[item.id],
        item.priority,
      ])
    }
  }

  /// The queue's rows as they are (its version is the one saved), with each entry's place in the new
  /// shuffle order, or none when shuffle is off: rewriting every row of a 64k queue cost ~0.8 s of CPU
  /// beside the player at each switch of random, these updates ~0.1 s (in the order of the ids, the
  /// table's own). False when the rows are not the queue's (a database replaced under the player): then
  /// the whole queue is written.
  private static func writeShuffleOrder(_ db: Database, _ snapshot: PlayStateSnapshot) throws -> Bool {
    let count = snapshot.queue.count
    guard let order = snapshot.pass?.orderIDs else {
      try db.execute(sql: "UPDATE queueItem SET shuffleIndex = NULL")
      return db.changesCount == count
    }
    guard order.count == count, try Int.fetchOne(db, sql: "SELECT count(*) FROM queueItem") == count else { return false }
    let places = order.enumerated().sorted { $0.element < $1.element }
    let statement = try db.makeStatement(sql: "UPDATE queueItem SET shuffleIndex = ? WHERE id = ?")
    var updated = 0
    for place in places {
      try statement.execute(arguments: [place.offset, place.element])
      updated += db.changesCount
    }
    return updated == count
  }

  /// The periodic save while playing: the row is there (written by the save before), only the position
  /// and the time heard moved. Returns whether the row was there to update.
  private static func writePosition(_ db: Database, _ s: PlayStateSnapshot, at date: Date) throws -> Bool {
    let statement = try db.cachedStatement(
      sql: """
        UPDATE playerState SET positionMs = ?, listenStartedAt = ?, listenHeard = ?, listenFired = ?, savedAt = ?,
          toldListenSongId = ?, toldListenAt = ?, toldListenPlayedMs = ?
        WHERE id = 1
        """)
    try statement.execute(
      arguments: StatementArguments(
        [
          s.positionMs, s.listen.map { DatabaseTimestamp.text($0.startedAt) },
          s.listen.map { ListenStateSchema.text($0.heard) }, s.listen?.fired ?? false, DatabaseTimestamp.text(date),
        ] + toldColumns(s)))
    return db.changesCount > 0
  }

  /// The current play's progress toward a listen. One the database shows counted (the song's last play
  /// is this play's start or later: the listen was written, and a kill came before the state saying so)
  /// is read as counted, so it never counts twice.
  private static func listen(_ db: Database, _ row: Row, songID: Int64?) throws -> ListenProgress? {
    guard let started: String = row["listenStartedAt"], let startedAt = DatabaseTimestamp.date(started.databaseValue) else {
      return nil
    }
    var fired: Bool = row["listenFired"]
    if !fired, let songID {
      fired = try Song.wasPlayed(db, id: songID, since: started)
    }
    return ListenProgress(startedAt: startedAt, heard: ListenStateSchema.intervals(row["listenHeard"] ?? ""), fired: fired)
  }

  /// The listen told before the state was saved and not written by then: nil when there is none, when
  /// its song left the library, or when the song's last play is that listen's start or later (the
  /// write came after all, before a kill that left the state saying otherwise), so it is recorded once.
  private static func toldListen(_ db: Database, _ row: Row) throws -> ToldListen? {
    guard let songID: Int64 = row["toldListenSongId"], let at: String = row["toldListenAt"],
      let listenedAt = DatabaseTimestamp.date(at.databaseValue), let song = try Song.fetchSelected(db, ids: [songID]).first,
      try !Song.wasPlayed(db, id: songID, since: at)
    else { return nil }
    return ToldListen(song: song, listen: Listen(listenedAt: listenedAt, playedMs: row["toldListenPlayedMs"] ?? 0))
  }

  /// The told listen's columns (NULL when there is none).
  private static func toldColumns(_ s: PlayStateSnapshot) -> [(any DatabaseValueConvertible)?] {
    [
      s.toldListen?.song.id, s.toldListen.map { DatabaseTimestamp.text($0.listen.listenedAt) },
      s.toldListen?.listen.playedMs,
    ]
  }

  private static func writeState(_ db: Database, _ s: PlayStateSnapshot, at date: Date) throws {
    // The JSON array by hand (what JSONEncoder writes for [Int]), and the date as text: the encoder and
    // GRDB's DateFormatter cost ~3 ms of a `tunes play` start between them.
    let history = "[" + (s.pass?.history ?? []).map(String.init).joined(separator: ",") + "]"
    let rng = s.pass.map { $0.rng.state.map(String.init).joined(separator: ",") }
    let statement = try db.cachedStatement(
      sql: """
        INSERT OR REPLACE INTO playerState (id, state, currentItemId, positionMs, volume, repeat, random, single,
          consume, queueVersion, nextItemId, passNumber, passCursor, history, historyIndex, rngState, version, savedAt,
          replayGainMode, replayGainPreamp, replayGainMissingPreamp, replayGainLimit, crossfadeSeconds,
          mixRampDb, mixRampDelay, listenStartedAt, listenHeard, listenFired, toldListenSongId, toldListenAt,
          toldListenPlayedMs)
        VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    let values: [(any DatabaseValueConvertible)?] = [
      s.state.rawValue, s.currentID, s.positionMs, s.volume, s.repeatMode.rawValue, s.random, Self.code(of: s.single),
      s.consume,
      s.queue.version, s.queue.nextID, s.pass?.number ?? 0, s.pass?.cursor ?? -1, history,
      s.pass?.historyIndex ?? -1, rng, s.version, DatabaseTimestamp.text(date),
      s.replayGain.mode.rawValue, s.replayGain.preamp, s.replayGain.missingPreamp, s.replayGain.limit,
      s.crossfade, Double(s.mixRamp.db), Self.column(delay: s.mixRamp.delay),
      s.listen.map { DatabaseTimestamp.text($0.startedAt) }, s.listen.map { ListenStateSchema.text($0.heard) },
      s.listen?.fired ?? false,
    ]
    try statement.execute(arguments: StatementArguments(values + toldColumns(s)))
  }

  /// The ReplayGain columns; an unknown mode (written by a later tunes) reads as off.
  static func replayGain(_ row: Row) -> ReplayGainSettings {
    ReplayGainSettings(
      mode: ReplayGainMode(rawValue: row["replayGainMode"]) ?? .off, preamp: row["replayGainPreamp"],
      missingPreamp: row["replayGainMissingPreamp"], limit: row["replayGainLimit"])
  }

  /// The MixRamp columns; a NULL delay is NaN.
  static func mixRamp(_ row: Row) -> MixRampSettings {
    MixRampSettings(db: Float(row["mixRampDb"] as Double), delay: (row["mixRampDelay"] as Double?).map(Float.init) ?? .nan)
  }

  /// SQLite keeps no NaN: it is stored as NULL.
  static func column(delay: Float) -> Double? { delay.isNaN ? nil : Double(delay) }

  /// The `single` column holds 0 (off) and 1 (on) as it always did, and 2 for oneshot: a database written
  /// before oneshot existed reads unchanged.
  static func code(of mode: SingleMode) -> Int {
    switch mode {
    case .off: return 0
    case .on: return 1
    case .oneshot: return 2
    }
  }

  static func singleMode(code: Int) -> SingleMode {
    switch code {
    case 0: return .off
    case 2: return .oneshot
    default: return .on
    }
  }
}

/// A save that found the library held by another process's write for longer than SQLite's busy timeout (a
/// `tunes index` of a large batch, a sqlite3 shell in a transaction): nothing is wrong with the state,
/// which the writer keeps and saves again once the library is free.
struct LibraryBusy: Error, CustomStringConvertible {
  let description: String

  init?(_ error: any Error, path: String) {
    guard let sqlite = error as? DatabaseError, [.SQLITE_BUSY, .SQLITE_LOCKED].contains(sqlite.resultCode.primaryResultCode)
    else { return nil }
    let holders = LibraryHolders.of(database: path).filter { !$0.hasPrefix("pid \(getpid()) ") }
    let named = holders.isEmpty ? "" : " (open in " + holders.joined(separator: ", ") + ")"
    description =
      "the play state waits: the library database \(path) is being written by another process\(named); "
      + "it is saved once that write ends"
  }
}
