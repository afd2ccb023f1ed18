// A complete MPDBackend kept in memory: a song list as the library, a queue with stable ids and
// per-entry versions, stored playlists and a change feed. It stands in for the player in tests and in
// Benchmarks/mpd-latency.sh, and is the reference for what the real player must do. It does not play:
// time only moves when a client seeks.
import Foundation
import TunesMPD

public actor InMemoryMPDBackend: MPDBackend {
  var library: [MPDSong]
  private var queueItems: [MPDQueueItem] = []
  private var version = 1
  private var nextID = 1
  private var current: Int?  // queue position
  private var state = MPDStatus()
  private var playlists: [String: (songs: [MPDSong], modified: Date)] = [:]
  private var updateJob = 0
  /// Stickers by song URI, then by name.
  private var stickersByFile: [String: [String: String]] = [:]
  private var subscribers: [UUID: AsyncStream<Set<MPDSubsystem>>.Continuation] = [:]
  private let startedAt = Date()
  private let onShutdown: @Sendable () -> Void
  /// Every mutating call, in order (`"play 0"`, `"seekcur +5.0"`…), so tests can check what arrived.
  public private(set) var calls: [String] = []
  /// Makes `status` and `queue` take this long, standing in for a busy player (disconnect tests).
  private var delay: Duration = .zero

  public func setResponseDelay(_ delay: Duration) { self.delay = delay }

  public init(songs: [MPDSong] = [], volume: Int? = 50, onShutdown: @escaping @Sendable () -> Void = {}) {
    library = songs.sorted { $0.file < $1.file }
    state.volume = volume
    self.onShutdown = onShutdown
  }

  // MARK: Change feed

  public func changes() -> AsyncStream<Set<MPDSubsystem>> {
    let (stream, continuation) = AsyncStream<Set<MPDSubsystem>>.makeStream()
    let key = UUID()
    subscribers[key] = continuation
    continuation.onTermination = { [weak self] _ in Task { await self?.unsubscribe(key) } }
    return stream
  }

  private func unsubscribe(_ key: UUID) { subscribers[key] = nil }

  /// Announces a change to every subscriber (the server wakes idle clients from this).
  public func emit(_ changed: Set<MPDSubsystem>) {
    for continuation in subscribers.values { continuation.yield(changed) }
  }

  public var subscriberCount: Int { subscribers.count }

  // MARK: Snapshots

  public func status() async -> MPDStatus {
    if delay > .zero { try? await Task.sleep(for: delay) }
    var s = state
    s.playlistVersion = version
    s.playlistLength = queueItems.count
    if let current, current < queueItems.count {
      s.song = current
      s.songID = queueItems[current].song.id
      s.duration = queueItems[current].song.duration
      if current + 1 < queueItems.count {
        s.nextSong = current + 1
        s.nextSongID = queueItems[current + 1].song.id
      } else if state.repeatMode, !queueItems.isEmpty {
        s.nextSong = 0
        s.nextSongID = queueItems[0].song.id
      }
    }
    if s.state == .stop { s.elapsed = nil }
    s.updatingDatabase = nil
    return s
  }

  public func currentSong() -> MPDSong? {
    guard let current, current < queueItems.count else { return nil }
    return queueItems[current].song
  }

  public func stats() -> MPDStats {
    var s = MPDStats()
    s.songs = library.count
    s.artists = Set(library.flatMap { $0.tags[all: .artist] }).count
    s.albums = Set(library.flatMap { $0.tags[all: .album] }).count
    // MPD adds the songs' lengths in whole milliseconds and drops the fraction of the total's seconds.
    s.databasePlaytime = library.reduce(0) { $0 + Int(($1.duration ?? 0) * 1000) } / 1000
    s.uptime = Int(Date().timeIntervalSince(startedAt))
    return s
  }

  // MARK: Playback

  private func record(_ call: String) { calls.append(call) }

  public func play(position: Int?) throws {
    record("play \(position.map(String.init) ?? "")")
    if let position {
      guard position < queueItems.count else { throw MPDError.argument("Bad song index") }
      current = position
      state.elapsed = 0
    } else if current == nil {
      guard !queueItems.isEmpty else { return }
      current = 0
      state.elapsed = 0
    }
    state.state = .play
    emit([.player])
  }

  public func play(id: Int) throws {
    record("playid \(id)")
    guard let position = queueItems.firstIndex(where: { $0.song.id == id }) else { throw MPDError.noExist("No such song") }
    current = position
    state.elapsed = 0
    state.state = .play
    emit([.player])
  }

  public func pause(_ paused: Bool?) {
    record("pause \(paused.map { $0 ? "1" : "0" } ?? "")")
    guard state.state != .stop else { return }
    let pause = paused ?? (state.state == .play)
    state.state = pause ? .pause : .play
    emit([.player])
  }

  public func stop() {
    record("stop")
    state.state = .stop
    state.elapsed = nil
    emit([.player])
  }

  public func next() {
    record("next")
    guard let position = current, state.state != .stop else { return }
    if position + 1 < queueItems.count {
      current = position + 1
    } else if state.repeatMode {
      current = 0
    } else {
      state.state = .stop
    }
    // Moving to another song while paused plays it, as MPD does.
    if state.state == .pause { state.state = .play }
    state.elapsed = 0
    emit([.player])
  }

  public func previous() {
    record("previous")
    guard let position = current, state.state != .stop else { return }
    current = max(position - 1, 0)
    state.state = .play
    state.elapsed = 0
    emit([.player])
  }

  public func seek(position: Int, to seconds: Double) throws {
    record("seek \(position) \(seconds)")
    guard position < queueItems.count else { throw MPDError.argument("Bad song index") }
    current = position
    try seekTo(seconds)
  }

  public func seek(id: Int, to seconds: Double) throws {
    record("seekid \(id) \(seconds)")
    guard let position = queueItems.firstIndex(where: { $0.song.id == id }) else { throw MPDError.noExist("No such song") }
    current = position
    try seekTo(seconds)
  }

  public func seekCurrent(_ target: MPDSeekTarget) throws {
    switch target {
    case .absolute(let seconds):
      record("seekcur \(seconds)")
      try seekTo(seconds)
    case .relative(let delta):
      record("seekcur \(delta >= 0 ? "+" : "")\(delta)")
      try seekTo((state.elapsed ?? 0) + delta)
    }
  }

  private func seekTo(_ seconds: Double) throws {
    guard let current, current < queueItems.count else { throw MPDError(.playerSync, "Not playing") }
    let duration = queueItems[current].song.duration ?? .infinity
    state.elapsed = min(max(seconds, 0), duration)
    if state.state == .stop { state.state = .play }
    emit([.player])
  }

  // MARK: Mixer and options

  public func setVolume(_ volume: Int) throws {
    record("setvol \(volume)")
    guard state.volume != nil else { throw MPDError.system("No mixer") }
    state.volume = volume
    emit([.mixer])
  }

  public func changeVolume(by delta: Int) throws {
    record("volume \(delta)")
    guard let volume = state.volume else { throw MPDError.system("No mixer") }
    state.volume = min(max(volume + delta, 0), 100)
    emit([.mixer])
  }

  public func setRandom(_ on: Bool) {
    record("random \(on ? 1 : 0)")
    state.random = on
    emit([.options])
  }

  public func setRepeat(_ on: Bool) {
    record("repeat \(on ? 1 : 0)")
    state.repeatMode = on
    emit([.options])
  }

  public func setSingle(_ mode: MPDOnceMode) {
    record("single \(mode.rawValue)")
    state.single = mode
    emit([.options])
  }

  public func setConsume(_ mode: MPDOnceMode) {
    record("consume \(mode.rawValue)")
    state.consume = mode
    emit([.options])
  }

  // MARK: Queue

  public func queue() -> MPDQueue { MPDQueue(version: version, items: queueItems) }

  /// Renumbers positions from `start` on and stamps every entry whose position changed.
  private func queueChanged(from start: Int) {
    version += 1
    for index in queueItems.indices.dropFirst(start) {
      if queueItems[index].song.position != index || queueItems[index].version == 0 {
        queueItems[index].song.position = index
        queueItems[index].version = version
      }
    }
    emit([.playlist])
  }

  private func songs(under uri: String) throws -> [MPDSong] {
    if let song = library.first(where: { $0.file == uri }) { return [song] }
    let prefix = uri.isEmpty ? "" : uri + "/"
    let found = library.filter { $0.file.hasPrefix(prefix) }
    guard !found.isEmpty else { throw MPDError.noExist("No such directory") }
    return MPDDatabaseOrder.order(ofSongURIs: found.map(\.file)).map { found[$0] }  // the order MPD adds them in
  }

  private func insert(_ songs: [MPDSong], at position: Int) -> [Int] {
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
  private func checkBounds(_ range: Range<Int>) throws {
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

  // MARK: Stickers

  private func checkSong(_ uri: String) throws {
    guard library.contains(where: { $0.file == uri }) else { throw MPDError.noExist("No such song") }
  }

  public func stickers(uri: String) throws -> [MPDSticker] {
    try checkSong(uri)
    return (stickersByFile[uri] ?? [:]).map { MPDSticker(name: $0.key, value: $0.value) }.sorted {
      $0.name.utf8.lexicographicallyPrecedes($1.name.utf8)
    }
  }

  public func setSticker(uri: String, name: String, value: String) throws {
    try checkSong(uri)
    stickersByFile[uri, default: [:]][name] = value
    emit([.sticker])
  }

  public func deleteSticker(uri: String, name: String?) throws {
    try checkSong(uri)
    guard let names = stickersByFile[uri], name.map({ names[$0] != nil }) ?? !names.isEmpty else {
      throw MPDError.noExist("no such sticker")
    }
    if let name { stickersByFile[uri]?[name] = nil } else { stickersByFile[uri] = nil }
    emit([.sticker])
  }

  public func findStickers(under uri: String, name: String) -> [(file: String, value: String)] {
    stickersByFile.compactMap { file, names in file.hasPrefix(uri) ? names[name].map { (file, $0) } : nil }
      .sorted { $0.file.utf8.lexicographicallyPrecedes($1.file.utf8) }
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

  // MARK: Stored playlists

  public func storedPlaylists() -> [MPDStoredPlaylist] {
    playlists.keys.sorted().map { MPDStoredPlaylist(name: $0, lastModified: playlists[$0]?.modified) }
  }

  private func playlist(_ name: String) throws -> [MPDSong] {
    guard let list = playlists[name] else { throw MPDError.noExist("No such playlist") }
    return list.songs
  }

  public func storedPlaylist(named name: String) throws -> [MPDSong] { try playlist(name) }

  public func load(playlist name: String, range: MPDRange?) throws {
    record("load \(name)")
    var songs = try playlist(name)
    if let range {
      let start = min(range.start, songs.count)  // past the end: nothing, as mpd 0.23
      songs = Array(songs[start..<max(start, min(range.end ?? songs.count, songs.count))])
    }
    guard !songs.isEmpty else { return }
    _ = insert(songs, at: queueItems.count)
  }

  private func store(_ name: String, _ songs: [MPDSong]) {
    playlists[name] = (songs.map { MPDSong(file: $0.file, tags: $0.tags, duration: $0.duration) }, Date())
    emit([.storedPlaylist])
  }

  public func save(playlist name: String) throws {
    record("save \(name)")
    guard playlists[name] == nil else { throw MPDError.exist("Playlist already exists") }
    store(name, queueItems.map(\.song))
  }

  public func remove(playlist name: String) throws {
    record("rm \(name)")
    _ = try playlist(name)
    playlists[name] = nil
    emit([.storedPlaylist])
  }

  public func rename(playlist name: String, to newName: String) throws {
    let songs = try playlist(name)
    guard playlists[newName] == nil else { throw MPDError.exist("Playlist exists already") }
    playlists[name] = nil
    store(newName, songs)
  }

  public func playlistAdd(_ name: String, uri: String) throws {
    store(name, (playlists[name]?.songs ?? []) + (try songs(under: uri)))
  }

  public func playlistDelete(_ name: String, position: Int) throws {
    var songs = try playlist(name)
    guard position < songs.count else { throw MPDError.argument("Bad song index") }
    songs.remove(at: position)
    store(name, songs)
  }

  public func playlistMove(_ name: String, from: Int, to: Int) throws {
    var songs = try playlist(name)
    guard from < songs.count, to < songs.count else { throw MPDError.argument("Bad song index") }
    songs.insert(songs.remove(at: from), at: to)
    store(name, songs)
  }

  public func playlistClear(_ name: String) throws {
    _ = try playlist(name)
    store(name, [])
  }

  // MARK: Library

  public func songs(matching filter: MPDFilter) -> [MPDSong] {
    let matcher = MPDFilter.Matcher(filter)
    return library.filter(matcher.matches)
  }

  public func directory(_ uri: String) throws -> [MPDEntry] {
    let prefix = uri.isEmpty ? "" : uri + "/"
    var folders: [String] = []
    var entries: [MPDEntry] = []
    for song in library where song.file.hasPrefix(prefix) {
      let rest = song.file.dropFirst(prefix.count)
      if let slash = rest.firstIndex(of: "/") {
        let folder = prefix + rest[..<slash]
        if folders.last != folder, !folders.contains(folder) { folders.append(folder) }
      } else {
        entries.append(.song(song))
      }
    }
    if !uri.isEmpty, folders.isEmpty, entries.isEmpty { throw MPDError.noExist("No such directory") }
    return folders.map { MPDEntry.directory(path: $0, lastModified: nil) } + entries
  }

  /// Songs here have no files behind them.
  public func songFile(uri: String) throws -> String {
    record("songfile \(uri)")
    throw MPDError.noExist(library.contains { $0.file == uri } ? "No such file" : "No such song")
  }

  /// No files, so no pictures: the same answer as `songFile`.
  public func embeddedPicture(uri: String) throws -> MPDPicture? {
    _ = try songFile(uri: uri)
    return nil
  }

  public func update(uri: String?) -> Int {
    record("update \(uri ?? "")")
    updateJob += 1
    emit([.update])
    emit([.database, .update])
    return updateJob
  }

  public func clearError() {
    record("clearerror")
  }

  public func shutdown() {
    record("kill")
    onShutdown()
  }
}
