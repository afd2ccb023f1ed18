// Editing the queue: add, delete, move, clear and replace (shuffle: Player+Shuffle), and following the library when a
// queued file moved. Each edit keeps the shuffle pass in step and tells the engine what now follows.
import TunesCore
import TunesLibrary

extension Player {
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
    guard songs.count <= queueRoom else { throw PlayerError.queueFull(limit: maximumQueueLength) }
    let start = position ?? queue.count
    let ids = queue.add(songs, at: position)
    if var p = pass {
      // The new entries sit together from `start`: no search of the queue per entry.
      p.insert(contentsOf: queue.shuffleKeys(start..<start + ids.count))
      pass = p
    }
    queueChanged()
    return ids
  }

  public func delete(position: Int) async throws {
    guard position >= 0 && position < queue.count else { throw PlayerError.noSuchPosition(position) }
    try await delete(id: queue[position].id)
  }

  /// Removes the entries `ids` as one edit, as MPD's `delete START:END`: one queue version and one change
  /// for idle clients, each entry removed as `delete(id:)` removes it.
  public func delete(ids: [Int]) async throws {
    ensureStarted()
    for id in ids where queue.item(id: id) == nil { throw PlayerError.noSuchID(id) }
    let before = queue.version
    let outermost = holdChanges()
    var failure: Error?
    for id in ids where failure == nil {
      do { try await delete(id: id) } catch { failure = error }  // an entry another edit took meanwhile
    }
    queue.collapseVersions(since: before)
    queueChanged()
    if outermost { releaseChanges() }
    if let failure { throw failure }
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
      catchUpPosition()
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

  /// The entries at two positions trade places as one edit (MPD's `swap`, `swapid`).
  public func swap(_ a: Int, _ b: Int) throws {
    ensureStarted()
    for position in [a, b] where position < 0 || position >= queue.count { throw PlayerError.noSuchPosition(position) }
    queue.swap(a, b)
    queueChanged()
  }

  /// Records that something kept beside the queue about the entry `id` changed (MPD's `rangeid`): one
  /// queue version, the entry at it.
  public func entryChanged(id: Int) throws {
    ensureStarted()
    guard queue.touch(id: id) else { throw PlayerError.noSuchID(id) }
    changed([.playlist])
  }

  public func move(id: Int, to: Int) throws {
    guard let from = queue.position(ofID: id) else { throw PlayerError.noSuchID(id) }
    try move(from: from, to: to)
  }

  /// Stops and empties the queue: one change set (`player` and `playlist`), so an idle client wakes once.
  public func clear() async {
    ensureStarted()
    await changingOnce {
      await stop()
      queue.clear()
      currentID = nil
      if random { pass = ShufflePass(keys: [], current: nil, rng: rng) }
      queueChanged()
    }
  }

  /// Replaces the queue (`tunes play QUERY` against a running player); returns the new ids. Only the
  /// first `queueLimit` songs are queued.
  @discardableResult
  public func replaceQueue(with songs: [Song]) async -> [Int] {
    await replaceQueue(with: SongBatch(songs))
  }

  @discardableResult
  public func replaceQueue(with songs: SongBatch) async -> [Int] {
    await clear()
    return (try? add(fittingEmptyQueue(songs))) ?? []
  }

  /// Gives the entries `ids` a priority of 0…255 as one edit (MPD's `prio` and `prioid`). Shuffling, an
  /// unplayed entry of a higher priority plays before those of a lower one (Player+NextSong).
  public func setPriority(_ priority: Int, ids: [Int]) throws {
    ensureStarted()
    for id in ids where queue.item(id: id) == nil { throw PlayerError.noSuchID(id) }
    if queue.setPriority(min(max(priority, 0), 255), ids: ids) {
      queueChanged()
    } else {
      changed([.playlist])  // the version moved on; what plays next did not change
    }
  }

  /// The priority of each entry that has one above 0, by entry id.
  public func priorities() -> [Int: Int] { queue.priorities }

  func queueChanged() {
    changed([.playlist])
    replanNext()
  }

  /// Takes the library's current rows for every queued song whose path changed (after an index update):
  /// the entries keep their ids and places. Returns how many entries changed.
  ///
  /// The library is read off the actor: every song's path is a read of the whole song table, and the
  /// Player never waits for SQLite (status, commands and the engine's reports go on meanwhile). The rows
  /// read are applied to the queue as it is when the read is done.
  @discardableResult
  public func refreshSongs() async -> Int {
    guard let library else { return 0 }
    let queued = queue.items.compactMap { item in item.song.id.map { (songID: $0, path: item.song.path) } }
    // On a thread of its own, as a shuffle is arranged: a read that waits holds no thread of the pool.
    let read = await Self.onOwnThread(named: "tunes-refresh") { () -> Result<[Int64: Song], any Error> in
      Result(catching: { try Self.movedSongs(queued, in: library) })
    }
    let fresh: [Int64: Song]
    switch read {
    case .success(let songs): fresh = songs
    case .failure(let error):
      tell(.message("cannot read the library: \(error)"))
      return 0
    }
    guard !fresh.isEmpty else { return 0 }
    var updated = 0
    for item in queue.items {
      guard let songID = item.song.id, let song = fresh[songID], !PathText.same(song.path, item.song.path),
        queue.replaceSong(id: item.id, with: song)
      else { continue }
      updated += 1
    }
    if updated > 0 { queueChanged() }
    return updated
  }

  /// The library's current row of each song of `queued` whose path there is no longer the queued one.
  private static func movedSongs(_ queued: [(songID: Int64, path: String)], in library: Library) throws
    -> [Int64: Song]
  {
    let paths = try library.songPaths()
    var fresh: [Int64: Song] = [:]
    for (songID, path) in queued where fresh[songID] == nil {
      guard let now = paths[songID], !PathText.same(now, path), let song = try? library.song(id: songID) else { continue }
      fresh[songID] = song
    }
    return fresh
  }

  func removeConsumed(_ id: Int) {
    guard let position = queue.position(ofID: id) else { return }
    queue.remove(at: position)
    pass?.remove(id: id)
    changed([.playlist])
  }
}
