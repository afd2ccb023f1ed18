// The play queue: songs by position (what the user sees) with a stable id per entry that survives moves,
// and a per-entry version so remote clients can ask what changed since a queue version (MPD `plchanges`).
import TunesLibrary

/// One entry of the queue.
public struct QueueItem: Sendable, Hashable, Identifiable {
  /// Stable for the life of the entry: moves and other edits never change it. Never reused.
  public let id: Int
  public var song: Song
  /// The queue version at which this entry was added or last changed position.
  public var version: Int

  public init(id: Int, song: Song, version: Int) {
    self.id = id
    self.song = song
    self.version = version
  }
}

/// A value type: the Player actor owns the one live queue.
public struct Queue: Sendable, Equatable {
  public private(set) var items: [QueueItem] = []
  /// Bumped by every edit; clients compare it with the version they last saw.
  public private(set) var version: Int = 0
  /// The id the next added entry gets.
  public private(set) var nextID: Int = 1

  public init() {}

  /// Rebuilds a persisted queue exactly (ids and versions included).
  public init(items: [QueueItem], version: Int, nextID: Int) {
    self.items = items
    self.version = version
    self.nextID = max(nextID, (items.map(\.id).max() ?? 0) + 1)
  }

  public var count: Int { items.count }
  public var isEmpty: Bool { items.isEmpty }
  public subscript(position: Int) -> QueueItem { items[position] }

  public func position(ofID id: Int) -> Int? { items.firstIndex { $0.id == id } }
  public func item(id: Int) -> QueueItem? { items.first { $0.id == id } }

  /// Adds songs at `position` (nil: at the end); returns their new ids in order.
  @discardableResult
  public mutating func add(_ songs: [Song], at position: Int? = nil) -> [Int] {
    guard !songs.isEmpty else { return [] }
    let at = min(max(position ?? items.count, 0), items.count)
    version += 1
    let new = songs.map { song -> QueueItem in
      defer { nextID += 1 }
      return QueueItem(id: nextID, song: song, version: version)
    }
    // Into an empty queue the new list is the queue: no second copy of thousands of songs.
    if items.isEmpty { items = new } else { items.insert(contentsOf: new, at: at) }
    touch(from: at + new.count, to: items.count)
    return new.map(\.id)
  }

  /// Removes the entry at `position` and returns it.
  @discardableResult
  public mutating func remove(at position: Int) -> QueueItem {
    version += 1
    let removed = items.remove(at: position)
    touch(from: position, to: items.count)
    return removed
  }

  /// Moves the entry at `from` so that it ends at position `to`.
  public mutating func move(from: Int, to: Int) {
    guard from != to else { return }
    version += 1
    let item = items.remove(at: from)
    items.insert(item, at: to)
    touch(from: min(from, to), to: max(from, to) + 1)
  }

  public mutating func clear() {
    guard !items.isEmpty else { return }
    version += 1
    items.removeAll()
  }

  /// Reorders the whole queue (the `shuffle` command); every entry keeps its id.
  public mutating func reorder(_ newOrder: [Int]) {
    precondition(Set(newOrder) == Set(items.map(\.id)) && newOrder.count == items.count, "reorder needs every id once")
    version += 1
    let byID = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
    items = newOrder.compactMap { byID[$0] }
    touch(from: 0, to: items.count)
  }

  /// Entries added or moved after `sinceVersion`, with their positions (MPD `plchanges`).
  public func changes(since sinceVersion: Int) -> [(position: Int, item: QueueItem)] {
    items.enumerated().filter { $0.element.version > sinceVersion }.map { ($0.offset, $0.element) }
  }

  private mutating func touch(from: Int, to: Int) {
    guard from < to else { return }
    for index in from..<to { items[index].version = version }
  }
}
