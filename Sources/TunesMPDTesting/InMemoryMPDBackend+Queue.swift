// The in-memory backend's queue: adding, deleting, moving, ranges, priorities, clear and shuffle, each
// bumping the queue version and the versions of the entries it touched (what `plchanges` reads).
import Foundation
import TunesMPD

extension InMemoryMPDBackend {
  public func queue() -> MPDQueue { MPDQueue(version: version, items: queueItems) }

  /// Renumbers positions from `start` on and stamps every entry whose position changed.
  func queueChanged(from start: Int) {
    version += 1
    for index in queueItems.indices.dropFirst(start) {
      if queueItems[index].song.position != index || queueItems[index].version == 0 {
        queueItems[index].song.position = index
        queueItems[index].version = version
      }
    }
    emit([.playlist])
  }

  func songs(under uri: String) throws -> [MPDSong] {
    if let song = library.first(where: { $0.file == uri }) { return [song] }
    let prefix = uri.isEmpty ? "" : uri + "/"
    let found = library.filter { $0.file.hasPrefix(prefix) }
    guard !found.isEmpty else { throw MPDError.noExist("No such directory") }
    // The order MPD adds them in.
    let keys = found.map { ($0.file, MPDDatabaseOrder.SongKey(tags: $0.tags)) }
    return MPDDatabaseOrder.order(ofSongs: keys).map { found[$0] }
  }

  func insert(_ songs: [MPDSong], at position: Int) -> [Int] {
    var ids: [Int] = []
    let items = songs.map { song -> MPDQueueItem in
      var entry = song
      entry.id = nextID
      entry.position = nil
      ids.append(nextID)
      nextID += 1
      return MPDQueueItem(song: entry, version: 0)
    }
    queueItems.insert(contentsOf: items, at: position)
    if let c = current, c >= position, !queueItems.isEmpty, queueItems.count > songs.count { current = c + songs.count }
    queueChanged(from: position)
    return ids
  }

  public func add(uri: String) throws {
    record("add \(uri)")
    _ = insert(try songs(under: uri), at: queueItems.count)
  }

  public func addID(uri: String, position: Int?) throws -> Int {
    record("addid \(uri) \(position.map(String.init) ?? "")")
    guard let song = library.first(where: { $0.file == uri }) else { throw MPDError.noExist("No such song") }
    return insert([song], at: min(position ?? queueItems.count, queueItems.count))[0]
  }

  /// Other clients may have shortened the queue since the server looked: bounds are checked here.
  func checkBounds(_ range: Range<Int>) throws {
    guard range.lowerBound >= 0, range.upperBound <= queueItems.count else { throw MPDError.argument("Bad song index") }
  }

  public func delete(positions range: Range<Int>) throws {
    try checkBounds(range)
    record("delete \(range.lowerBound):\(range.upperBound)")
    queueItems.removeSubrange(range)
    if let c = current {
      if range.contains(c) {
        current = queueItems.isEmpty ? nil : min(range.lowerBound, queueItems.count - 1)
        if queueItems.isEmpty { state.state = .stop }
      } else if c >= range.upperBound {
        current = c - range.count
      }
    }
    queueChanged(from: range.lowerBound)
  }

  public func delete(id: Int) throws {
    guard let position = queueItems.firstIndex(where: { $0.song.id == id }) else { throw MPDError.noExist("No such song") }
    try delete(positions: position..<position + 1)
  }

  public func move(positions range: Range<Int>, to: Int) throws {
    try checkBounds(range)
    guard to >= 0, to + range.count <= queueItems.count else { throw MPDError.argument("Bad song index") }
    record("move \(range.lowerBound):\(range.upperBound) \(to)")
    let currentID = current.map { queueItems[$0].song.id }
    let moving = Array(queueItems[range])
    queueItems.removeSubrange(range)
    queueItems.insert(contentsOf: moving, at: to)
    if let currentID { current = queueItems.firstIndex { $0.song.id == currentID } }
    queueChanged(from: min(range.lowerBound, to))
  }

  public func setRange(id: Int, range: MPDSongRange?) throws {
    record("rangeid \(id) \(range.map(String.init(describing:)) ?? ":")")
    guard let index = queueItems.firstIndex(where: { $0.song.id == id }) else { throw MPDError.noExist("No such song") }
    queueItems[index].song.range = range
    version += 1
    queueItems[index].version = version
    emit([.playlist])
  }

  public func swap(positions a: Int, _ b: Int) throws {
    guard a >= 0, b >= 0, a < queueItems.count, b < queueItems.count else { throw MPDError.argument("Bad song index") }
    record("swap \(a) \(b)")
    let currentID = current.map { queueItems[$0].song.id }
    queueItems.swapAt(a, b)
    if let currentID { current = queueItems.firstIndex { $0.song.id == currentID } }
    version += 1
    for index in [a, b] {
      queueItems[index].song.position = index
      queueItems[index].version = version
    }
    emit([.playlist])
  }

  /// Every id is checked first; the version moves on once, and the entries whose priority changed are at it.
  public func setPriority(_ priority: Int, ids: [Int]) throws {
    record("prioid \(priority) \(ids.map(String.init).joined(separator: " "))")
    let indices = try ids.map { id in
      guard let index = queueItems.firstIndex(where: { $0.song.id == id }) else { throw MPDError.noExist("No such song") }
      return index
    }
    version += 1
    for index in indices where queueItems[index].song.priority != priority {
      queueItems[index].song.priority = priority
      queueItems[index].version = version
    }
    emit([.playlist])
  }

  public func clear() {
    record("clear")
    queueItems = []
    current = nil
    state.state = .stop
    state.elapsed = nil
    queueChanged(from: 0)
  }

  public func shuffle(positions range: Range<Int>?) throws {
    let bounds = range ?? 0..<queueItems.count
    try checkBounds(bounds)
    record("shuffle")
    let currentID = current.map { queueItems[$0].song.id }
    queueItems[bounds].shuffle()
    if let currentID { current = queueItems.firstIndex { $0.song.id == currentID } }
    for index in bounds { queueItems[index].song.position = nil }
    queueChanged(from: bounds.lowerBound)
  }
}
