// Shuffle without repeats: a pass is a random permutation of the queue, walked once. It owns the order,
// the cursor, the pass number, the history that `previous` walks back through, and the spreading of
// songs of one artist or album apart. Pure value type: the Player actor holds the one live pass.
import Foundation
import TunesCore
import TunesLibrary

/// What the shuffle needs to know of a queue entry: its id and the names it spreads apart, as numbers
/// given by one `ShuffleNames` (the queue's), so that comparing and counting them is integer work.
public struct ShuffleKey: Hashable, Sendable {
  public let id: Int
  /// The folded artist's number; unknown artists get a number of their own (below 0, from the id) so that they never
  /// count as "the same".
  public let artist: Int
  /// The number of the folded album artist with album, with the same rule for unknown albums.
  public let album: Int

  /// `artist` and `album` as `ShuffleNames` gives them, `ShuffleNames.unknown` for a missing name.
  public init(id: Int, artist: Int32, album: Int32) {
    self.id = id
    self.artist = artist == ShuffleNames.unknown ? ~id : Int(artist)
    self.album = album == ShuffleNames.unknown ? ~id : Int(album)
  }
}

/// The pass in progress. `order[0...cursor]` has been reached in this pass, `order[(cursor+1)...]` is
/// the unplayed part.
public struct ShufflePass: Sendable, Equatable {
  public private(set) var order: [ShuffleKey]
  /// Index in `order` of the song the pass has reached; -1 before the first song of the pass.
  public private(set) var cursor: Int
  /// 1 for the first pass since shuffle was switched on, then counting up.
  public private(set) var number: Int
  /// Ids of the songs that actually played, oldest first, across passes (bounded).
  public private(set) var history: [Int]
  /// Index in `history` of what is playing now; below `history.count - 1` after `previous`.
  public private(set) var historyIndex: Int
  public private(set) var rng: SeededRandom

  /// How much history is kept for `previous`.
  public static let historyLimit = 500

  public var orderIDs: [Int] { order.map(\.id) }

  /// Two passes are the same when they walk the same entries from the same place with the same generator:
  /// the keys' name numbers depend on the queue that gave them (a restored queue numbers its names in
  /// queue order), not on the pass.
  public static func == (a: ShufflePass, b: ShufflePass) -> Bool {
    a.orderIDs == b.orderIDs && a.cursor == b.cursor && a.number == b.number && a.history == b.history
      && a.historyIndex == b.historyIndex && a.rng == b.rng
  }
  public var upcoming: Int? { cursor + 1 < order.count ? order[cursor + 1].id : nil }
  public var unplayed: ArraySlice<ShuffleKey> { order[(cursor + 1)...] }

  /// Starts the first pass over `keys`. When `current` is given (shuffle switched on while a song plays)
  /// it becomes the first song of the pass, already reached.
  public init(keys: [ShuffleKey], current: Int?, rng: SeededRandom) {
    self.rng = rng
    number = 1
    history = []
    historyIndex = -1
    let forced = current.flatMap { id in keys.first { $0.id == id } }
    order = ShuffleArranger.arrange(keys.filter { $0.id != forced?.id }, first: forced, after: nil, rng: &self.rng)
    cursor = forced == nil ? -1 : 0
    if let forced { history = [forced.id]; historyIndex = 0 }
  }

  /// Restores a persisted pass exactly. Ids that are no longer in the queue are dropped.
  public init(
    restoring ids: [Int], keys: [ShuffleKey], cursor: Int, number: Int, history: [Int], historyIndex: Int,
    rng: SeededRandom
  ) {
    let byID = Dictionary(keys.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    var kept: [ShuffleKey] = []
    var newCursor = -1
    for (index, id) in ids.enumerated() {
      guard let key = byID[id] else { continue }
      kept.append(key)
      if index <= cursor { newCursor = kept.count - 1 }
    }
    // Entries of the queue that the saved order does not know go into the unplayed part.
    self.order = kept
    self.cursor = newCursor
    self.number = max(number, 1)
    self.history = history.filter { byID[$0] != nil }
    self.historyIndex = min(max(historyIndex, -1), self.history.count - 1)
    self.rng = rng
    let known = Set(kept.map(\.id))
    for key in keys where !known.contains(key.id) { insert(key) }
  }

  /// The pass arranged while another song was current (it changed meanwhile) made to start from
  /// `current` (nil: none, the pass not begun), as if arranged from it: `current` comes first, reached,
  /// and the song it was arranged from goes back into the unplayed part at a random place, spread as an
  /// added song is, so it does not follow the song now playing.
  public mutating func restart(from current: Int?) {
    let arrangedFrom = cursor == 0 ? order.removeFirst() : nil
    cursor = -1
    history = []
    historyIndex = -1
    if let current, let index = order.firstIndex(where: { $0.id == current }) {
      order.insert(order.remove(at: index), at: 0)
      cursor = 0
      record(current)
    }
    if let arrangedFrom { insert(arrangedFrom) }
  }

  /// This pass moved on to `id` as `planned`, worked out from an earlier state of this pass, moves on to
  /// it. When `planned` began a new pass with `id`, that new order is kept with this pass's entries (those
  /// added since go into its unplayed part, those removed leave it); otherwise `id` is reached here as a
  /// chosen song is (`jump`), and the entries added since stay in this pass's unplayed part.
  public func movedOn(to id: Int, as planned: ShufflePass) -> ShufflePass {
    guard planned.number > number, planned.cursor == 0, planned.order.first?.id == id else {
      var moved = self
      moved.jump(to: id)
      return moved
    }
    var moved = ShufflePass(
      restoring: planned.orderIDs, keys: order, cursor: 0, number: planned.number, history: history,
      historyIndex: historyIndex, rng: planned.rng)
    moved.record(id)
    return moved
  }

  // MARK: Walking the pass

  /// Moves to the next song of the pass; nil at the end of the pass (the caller decides about repeat).
  public mutating func advance() -> Int? {
    guard cursor + 1 < order.count else { return nil }
    cursor += 1
    record(order[cursor].id)
    return order[cursor].id
  }

  /// Starts the next pass: a new permutation whose first song is never the last song of the pass before
  /// (queue of two or more), spread apart from it where possible. Returns its first song, now reached.
  @discardableResult
  public mutating func beginNewPass() -> Int? {
    let last = cursor >= 0 && cursor < order.count ? order[cursor] : order.last
    order = ShuffleArranger.arrange(order, first: nil, after: last, rng: &rng)
    number += 1
    cursor = -1
    return advance()
  }

  /// Plays a song chosen by the user. A song of the unplayed part is moved to just after the cursor and
  /// reached, so it is not played again in this pass; a song already reached is replayed without moving.
  public mutating func jump(to id: Int) {
    guard let index = order.firstIndex(where: { $0.id == id }) else { return }
    if index > cursor {
      let key = order.remove(at: index)
      order.insert(key, at: cursor + 1)
      cursor += 1
    }
    record(id)
  }

  /// Steps back through what actually played; nil when there is nothing before.
  public mutating func back() -> Int? {
    guard historyIndex > 0 else { return nil }
    historyIndex -= 1
    return history[historyIndex]
  }

  /// After `back`, steps forward again through the history; nil when at its newest entry.
  public mutating func forward() -> Int? {
    guard historyIndex + 1 < history.count else { return nil }
    historyIndex += 1
    return history[historyIndex]
  }

  /// Re-records the song now playing again (repeat one): it stays the newest history entry.
  private mutating func record(_ id: Int) {
    if historyIndex + 1 < history.count { history.removeSubrange((historyIndex + 1)...) }
    history.append(id)
    if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
    historyIndex = history.count - 1
  }

  // MARK: Queue edits during a pass

  /// A song added during the pass goes to a random place in the unplayed part, away from songs of the
  /// same artist and album where possible.
  public mutating func insert(_ key: ShuffleKey) {
    let slot = ShuffleArranger.slot(for: key, in: order, from: cursor + 1, rng: &rng)
    order.insert(key, at: slot)
  }

  /// More songs than this added at once are arranged with the unplayed part instead of inserted one
  /// by one: each insertion shifts the rest of the order, so 12,000 of them cost seconds.
  static let insertOneByOneLimit = 16

  /// Songs added during the pass together (an album, a command list of `add`s): a few go in one by one
  /// as `insert` puts them; more are arranged with the unplayed part into a new random order for it,
  /// spread from the song reached and from each other, in time linear in the unplayed part.
  public mutating func insert(contentsOf keys: [ShuffleKey]) {
    guard keys.count > Self.insertOneByOneLimit else {
      for key in keys { insert(key) }
      return
    }
    let start = cursor + 1
    let reached = cursor >= 0 ? order[cursor] : nil
    let unplayed = Array(order[start...]) + keys
    order.replaceSubrange(start..., with: ShuffleArranger.arrange(unplayed, first: nil, after: reached, rng: &rng))
  }

  /// A removed song leaves the pass (and its history).
  public mutating func remove(id: Int) {
    if let index = order.firstIndex(where: { $0.id == id }) {
      order.remove(at: index)
      if index <= cursor { cursor -= 1 }
    }
    var index = 0
    while index < history.count {
      if history[index] == id {
        history.remove(at: index)
        if index <= historyIndex { historyIndex -= 1 }
      } else {
        index += 1
      }
    }
    if historyIndex < 0 && !history.isEmpty { historyIndex = 0 }
  }
}
