// Shuffle without repeats: a pass is a random permutation of the queue, walked once. It owns the order,
// the cursor, the pass number, the history that `previous` walks back through, and the spreading of
// songs of one artist or album apart. Pure value type: the Player actor holds the one live pass.
import Foundation
import TunesCore
import TunesLibrary

/// What the shuffle needs to know of a queue entry: its id and the names it spreads apart.
public struct ShuffleKey: Hashable, Sendable {
  public let id: Int
  /// Case-folded artist; a unique placeholder when unknown so that unknown artists never count as "the same".
  public let artist: String
  /// Case-folded album artist + album, with the same placeholder rule.
  public let album: String

  public init(id: Int, artist: String, album: String) {
    self.id = id
    let a = artist.trimmingEnds(in: .whitespaces).lowercased()
    let b = album.trimmingEnds(in: .whitespaces).lowercased()
    self.artist = a.isEmpty ? "\u{0}\(id)" : a
    self.album = b.isEmpty ? "\u{0}\(id)" : a + "\u{1}" + b
  }

  public init(_ item: QueueItem) {
    self.init(id: item.id, artist: item.song.artist, album: item.song.album)
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

/// The spreading: builds permutations and picks insertion slots so that two songs of the same artist
/// (then of the same album) are never neighbours when another arrangement exists.
enum ShuffleArranger {
  /// How many random picks are tried before scanning every candidate.
  static let quickTries = 16

  /// A random arrangement of `keys`. `first` is placed first when given; `after` is the song heard just
  /// before (the end of the previous pass): it is never chosen first (queue of two or more) and the first
  /// song is spread from it.
  static func arrange(_ keys: [ShuffleKey], first: ShuffleKey?, after: ShuffleKey?, rng: inout SeededRandom)
    -> [ShuffleKey]
  {
    // Names become small numbers once, so that ranking a candidate compares and counts integers
    // instead of hashing strings (for 10k songs the ranking was ~70 M instructions with strings).
    var artistNumbers: [String: Int] = [:]
    var albumNumbers: [String: Int] = [:]
    func number(_ name: String, in numbers: inout [String: Int]) -> Int {
      if let known = numbers[name] { return known }
      numbers[name] = numbers.count
      return numbers.count - 1
    }
    func numbered(_ key: ShuffleKey) -> Numbered {
      Numbered(key: key, artist: number(key.artist, in: &artistNumbers), album: number(key.album, in: &albumNumbers))
    }
    var remaining = keys.map(numbered)
    let after = after.map(numbered)
    let first = first.map(numbered)
    var artists = SpreadCounter(remaining.map(\.artist), names: artistNumbers.count)
    var albums = SpreadCounter(remaining.map(\.album), names: albumNumbers.count)
    var result: [ShuffleKey] = []
    result.reserveCapacity(keys.count + 1)
    var previous = after
    if let first {
      result.append(first.key)
      previous = first
    }
    let total = keys.count + (first == nil ? 0 : 1)
    while !remaining.isEmpty {
      let isPassStart = result.isEmpty
      func rank(_ key: Numbered) -> Int {
        // The one hard rule: a new pass never starts with the song that ended the previous one.
        if isPassStart, let after, key.key.id == after.key.id, total >= 2 { return Int.max - 1 }
        // Then the fewest neighbours of one artist, then of one album, counting the pairs this choice
        // makes now and the fewest the songs left can still be arranged with.
        let artistPairs = (previous?.artist == key.artist ? 1 : 0) + artists.pairsLeft(startingWith: key.artist)
        let albumPairs = (previous?.album == key.album ? 1 : 0) + albums.pairsLeft(startingWith: key.album)
        return artistPairs * 100_000 + min(albumPairs, 99_999)
      }
      var chosen: Int?
      for _ in 0..<min(quickTries, remaining.count) {
        let index = rng.below(remaining.count)
        if rank(remaining[index]) == 0 { chosen = index; break }
      }
      if chosen == nil {
        var best = Int.max
        var candidates: [Int] = []
        for (index, key) in remaining.enumerated() {
          let r = rank(key)
          if r < best { best = r; candidates = [index] } else if r == best { candidates.append(index) }
        }
        chosen = candidates[rng.below(candidates.count)]
      }
      let index = chosen!
      let key = remaining[index]
      remaining.swapAt(index, remaining.count - 1)
      remaining.removeLast()
      artists.take(key.artist)
      albums.take(key.album)
      result.append(key.key)
      previous = key
    }
    return result
  }

  /// A key with its artist and album as numbers local to one arrangement.
  private struct Numbered {
    var key: ShuffleKey
    var artist: Int
    var album: Int
  }

  /// A random insertion index in `order[from...]` (inclusive of the end) whose neighbours differ from
  /// `key` in artist and album, else in artist, else any.
  static func slot(for key: ShuffleKey, in order: [ShuffleKey], from: Int, rng: inout SeededRandom) -> Int {
    let lower = min(max(from, 0), order.count)
    let slots = order.count - lower + 1
    func rank(_ slot: Int) -> Int {
      let neighbours = [slot > 0 ? order[slot - 1] : nil, slot < order.count ? order[slot] : nil].compactMap { $0 }
      if neighbours.allSatisfy({ $0.artist != key.artist && $0.album != key.album }) { return 0 }
      if neighbours.allSatisfy({ $0.artist != key.artist }) { return 1 }
      if neighbours.allSatisfy({ $0.album != key.album }) { return 2 }
      return 3
    }
    for _ in 0..<min(quickTries, slots) {
      let slot = lower + rng.below(slots)
      if rank(slot) == 0 { return slot }
    }
    var best = Int.max
    var candidates: [Int] = []
    for slot in lower...order.count {
      let r = rank(slot)
      if r < best { best = r; candidates = [slot] } else if r == best { candidates.append(slot) }
    }
    return candidates[rng.below(candidates.count)]
  }
}

/// Counts of one name (artist or album) among the songs not yet placed, and how few neighbour pairs of
/// one name they can still be arranged with.
struct SpreadCounter {
  /// Songs not yet placed, by name number.
  private var counts: [Int]
  /// How many names have each count, to keep the largest count in O(1).
  private var namesWithCount: [Int]
  private var largest = 0
  private var total = 0

  /// `names`: the name number of each song; numbers run from 0 to `count - 1`.
  init(_ names: [Int], names count: Int) {
    counts = Array(repeating: 0, count: count)
    for name in names { counts[name] += 1 }
    largest = counts.max() ?? 0
    namesWithCount = Array(repeating: 0, count: largest + 1)
    for count in counts { namesWithCount[count] += 1 }
    total = names.count
  }

  /// The fewest pairs of neighbours sharing a name that the songs not yet placed can be arranged with
  /// when the first of them is named `name`. With L songs whose largest name has M of them: M − (L − M) − 1
  /// pairs are unavoidable when that surplus is positive; starting with any other name costs one more,
  /// because the largest name then has one separator fewer.
  func pairsLeft(startingWith name: Int) -> Int {
    counts[name] == largest ? max(0, 2 * largest - total - 1) : max(0, 2 * largest - total)
  }

  mutating func take(_ name: Int) {
    let count = counts[name]
    guard count > 0 else { return }
    namesWithCount[count] -= 1
    namesWithCount[count - 1] += 1
    counts[name] = count - 1
    total -= 1
    if count == largest && namesWithCount[count] == 0 { largest = count - 1 }
  }
}
