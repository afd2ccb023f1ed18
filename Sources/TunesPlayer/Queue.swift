// The play queue: songs by position (what the user sees) with a stable id per entry that survives moves,
// and a per-entry version so remote clients can ask what changed since a queue version (MPD `plchanges`),
// and a priority per entry (MPD's `prio`: in random mode the higher ones play first).
import TunesLibrary

/// One entry of the queue.
public struct QueueItem: Sendable, Hashable, Identifiable {
  /// Stable for the life of the entry: moves and other edits never change it. Never reused.
  public let id: Int
  public var song: Song
  /// The queue version at which this entry was added or last changed position or priority.
  public var version: Int
  /// 0…255, 0 by default; in random mode entries of a higher priority play first.
  public var priority: Int

  public init(id: Int, song: Song, version: Int, priority: Int = 0) {
    self.id = id
    self.song = song
    self.version = version
    self.priority = priority
  }
}

/// A value type: the Player actor owns the one live queue. Its songs are packed in one buffer (a 10 000-song
/// queue is about 1 MB, not 3) and decoded when an entry is read; removed songs' bytes are dropped once
/// they are half of the buffer.
public struct Queue: Sendable, Equatable {
  private struct Entry: Sendable, Equatable {
    var id: Int
    var version: Int
    var slot: SongPack.Slot
    /// The song's artist and album as the shuffle numbers them (`names`).
    var artistName: Int32
    var albumName: Int32
  }

  private var entries: [Entry] = []
  private var pack = SongPack()
  /// The shuffle's numbers for the names of the songs queued since the queue was last empty (a pass in
  /// progress holds keys with these numbers, so they never change while the queue has entries).
  private var names = ShuffleNames()
  /// Bytes of `pack` no entry uses any more.
  private var unusedBytes = 0
  /// Bumped by every edit; clients compare it with the version they last saw. A new queue is at 1, as
  /// MPD's is (`plchanges 0` then lists every entry).
  public private(set) var version: Int = 1
  /// The id the next added entry gets.
  public private(set) var nextID: Int = 1
  /// The priority of each entry that has one above 0, by id: most queues have none, and the shuffle asks
  /// of each unplayed entry without searching the queue.
  public private(set) var priorities: [Int: Int] = [:]

  public init() {}

  /// Rebuilds a persisted queue exactly (ids and versions included).
  public init(items: [QueueItem], version: Int, nextID: Int) {
    entries.reserveCapacity(items.count)
    for item in items {
      let numbers = names.numbers(artist: item.song.artist, album: item.song.album)
      entries.append(
        Entry(
          id: item.id, version: item.version, slot: pack.append(item.song), artistName: numbers.artist,
          albumName: numbers.album))
      if item.priority > 0 { priorities[item.id] = item.priority }
    }
    self.version = version
    self.nextID = max(nextID, (items.map(\.id).max() ?? 0) + 1)
  }

  public var count: Int { entries.count }
  public var isEmpty: Bool { entries.isEmpty }
  public subscript(position: Int) -> QueueItem { item(entries[position]) }

  /// Every entry, decoded: for listings of the whole queue. The player reads single entries.
  public var items: [QueueItem] { entries.map(item) }

  public func song(at position: Int) -> Song { pack.song(at: entries[position].slot) }
  public func position(ofID id: Int) -> Int? { entries.firstIndex { $0.id == id } }
  public func item(id: Int) -> QueueItem? { entries.first { $0.id == id }.map(item) }

  /// What the shuffle spreads apart, for every entry in queue order: numbers given when the songs were
  /// added, so a shuffle of the whole queue reads no song.
  public func shuffleKeys() -> [ShuffleKey] { shuffleKeys(0..<entries.count) }

  public func shuffleKeys(_ positions: Range<Int>) -> [ShuffleKey] {
    positions.map { position in
      let entry = entries[position]
      return ShuffleKey(id: entry.id, artist: entry.artistName, album: entry.albumName)
    }
  }

  /// Adds songs at `position` (nil: at the end); returns their new ids in order.
  @discardableResult
  public mutating func add(_ songs: [Song], at position: Int? = nil) -> [Int] {
    add(SongBatch(songs), at: position)
  }

  /// Adds packed songs: into an empty queue their pack becomes the queue's, without a copy.
  @discardableResult
  public mutating func add(_ batch: SongBatch, at position: Int? = nil) -> [Int] {
    guard !batch.isEmpty else { return [] }
    let at = min(max(position ?? entries.count, 0), entries.count)
    version += 1
    var slots = batch.slots
    if entries.isEmpty {
      pack = batch.pack
      unusedBytes = 0
      names = ShuffleNames()
    } else {
      let base = UInt32(pack.byteCount)
      pack.append(contentsOf: batch.pack)
      for index in slots.indices { slots[index].offset += base }
    }
    let firstID = nextID
    nextID += slots.count
    let new = slots.enumerated().map { offset, slot in
      let numbers = names.numbers(pack.artistAndAlbum(at: slot))
      return Entry(
        id: firstID + offset, version: version, slot: slot, artistName: numbers.artist, albumName: numbers.album)
    }
    if entries.isEmpty { entries = new } else { entries.insert(contentsOf: new, at: at) }
    touch(from: at + new.count, to: entries.count)
    return Array(firstID..<firstID + new.count)
  }

  /// Removes the entry at `position` and returns it.
  @discardableResult
  public mutating func remove(at position: Int) -> QueueItem {
    version += 1
    let removed = entries.remove(at: position)
    priorities[removed.id] = nil
    touch(from: position, to: entries.count)
    let item = item(removed)
    unusedBytes += Int(removed.slot.length)
    compactIfWasteful()
    return item
  }

  /// Makes every edit since the queue was at `before` one edit, as one MPD command is: the version moves
  /// on by one, and each entry changed since is at that version (what `plchanges` compares).
  public mutating func collapseVersions(since before: Int) {
    guard version > before + 1 else { return }
    version = before + 1
    for index in entries.indices where entries[index].version > before { entries[index].version = version }
  }

  /// Moves the entry at `from` so that it ends at position `to`.
  public mutating func move(from: Int, to: Int) {
    guard from != to else { return }
    version += 1
    let entry = entries.remove(at: from)
    entries.insert(entry, at: to)
    touch(from: min(from, to), to: max(from, to) + 1)
  }

  /// The entries at `a` and `b` trade places as one edit (MPD's `swap`): the version moves on once, even
  /// for an entry swapped with itself, and only those two entries are at it.
  public mutating func swap(_ a: Int, _ b: Int) {
    version += 1
    entries.swapAt(a, b)
    entries[a].version = version
    entries[b].version = version
  }

  /// Marks the entry `id` changed (its play range, kept outside the queue, changed): the version moves on
  /// and the entry is at it, so `plchanges` reports it. Returns false when there is no such entry.
  @discardableResult
  public mutating func touch(id: Int) -> Bool {
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return false }
    version += 1
    entries[index].version = version
    return true
  }

  /// Gives the entry `id` a new song (the library's row changed: a moved file); its version moves on, as
  /// for a moved entry, so `plchanges` reports it. Returns false when there is no such entry.
  @discardableResult
  public mutating func replaceSong(id: Int, with song: Song) -> Bool {
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return false }
    version += 1
    unusedBytes += Int(entries[index].slot.length)
    entries[index].slot = pack.append(song)
    let numbers = names.numbers(artist: song.artist, album: song.album)
    entries[index].artistName = numbers.artist
    entries[index].albumName = numbers.album
    entries[index].version = version
    compactIfWasteful()
    return true
  }

  /// A new version even when the queue was empty, as mpd's `clear` makes one.
  public mutating func clear() {
    version += 1
    entries.removeAll()
    priorities = [:]
    pack = SongPack()
    names = ShuffleNames()
    unusedBytes = 0
  }

  /// Sets the priority of the entries `ids` (each must be in the queue) as one edit, as MPD's `prio`: the
  /// version moves on by one, even when no priority changes (as MPD's does), and the entries whose
  /// priority changed are at it. Returns whether any did.
  @discardableResult
  public mutating func setPriority(_ priority: Int, ids: [Int]) -> Bool {
    let changed = Set(ids.filter { (priorities[$0] ?? 0) != priority })
    version += 1
    guard !changed.isEmpty else { return false }
    for id in changed { priorities[id] = priority > 0 ? priority : nil }
    for index in entries.indices where changed.contains(entries[index].id) { entries[index].version = version }
    return true
  }

  /// Reorders the whole queue (the `shuffle` command): `positions[i]` is the position now of the entry
  /// that goes to `i`; every entry keeps its id. Positions, not ids: moving 64k entries by id hashed
  /// every id twice to check the order and once more to find each entry.
  public mutating func reorder(positions newOrder: [Int]) {
    var seen = [Bool](repeating: false, count: entries.count)
    precondition(newOrder.count == entries.count, "reorder needs every position once")
    for position in newOrder {
      precondition(position >= 0 && position < seen.count && !seen[position], "reorder needs every position once")
      seen[position] = true
    }
    version += 1
    let old = entries
    entries = newOrder.map { old[$0] }
    touch(from: 0, to: entries.count)
  }

  /// Entries added or moved after `sinceVersion`, with their positions (MPD `plchanges`).
  public func changes(since sinceVersion: Int) -> [(position: Int, item: QueueItem)] {
    entries.enumerated().filter { $0.element.version > sinceVersion }.map { ($0.offset, item($0.element)) }
  }

  public static func == (a: Queue, b: Queue) -> Bool {
    guard a.version == b.version, a.nextID == b.nextID, a.count == b.count else { return false }
    return a.entries.indices.allSatisfy { a[$0] == b[$0] }
  }

  private func item(_ entry: Entry) -> QueueItem {
    QueueItem(id: entry.id, song: pack.song(at: entry.slot), version: entry.version, priority: priorities[entry.id] ?? 0)
  }

  private mutating func touch(from: Int, to: Int) {
    guard from < to else { return }
    for index in from..<to { entries[index].version = version }
  }

  private mutating func compactIfWasteful() {
    guard unusedBytes > 64 * 1024, unusedBytes * 2 > pack.byteCount else { return }
    let (compacted, slots) = pack.compacted(entries.map(\.slot))
    pack = compacted
    // The shuffle's names stay numbered as they are: a pass in progress holds keys with those numbers.
    for index in entries.indices { entries[index].slot = slots[index] }
    unusedBytes = 0
  }
}
