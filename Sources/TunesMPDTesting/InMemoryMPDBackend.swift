// A complete MPDBackend kept in memory: a song list as the library, a queue with stable ids and
// per-entry versions, stored playlists and a change feed. It stands in for the player in tests and in
// Benchmarks/mpd-latency.sh, and is the reference for what the real player must do. It does not play:
// time only moves when a client seeks. This file holds its state, change feed, snapshots, mixer and
// library; playback, the queue, stickers and stored playlists are beside it, one file each.
import Foundation
import TunesMPD

public actor InMemoryMPDBackend: MPDBackend {
  var library: [MPDSong]
  var queueItems: [MPDQueueItem] = []
  var version = 1
  var nextID = 1
  var current: Int?  // queue position
  var state = MPDStatus()
  var playlists: [String: (songs: [MPDSong], modified: Date)] = [:]
  var updateJob = 0
  /// Stickers by song URI, then by name.
  var stickersByFile: [String: [String: String]] = [:]
  var subscribers: [UUID: AsyncStream<Set<MPDSubsystem>>.Continuation] = [:]
  let startedAt = Date()
  let onShutdown: @Sendable () -> Void
  /// Every mutating call, in order (`"play 0"`, `"seekcur +5.0"`…), so tests can check what arrived.
  public private(set) var calls: [String] = []
  /// Makes `status` and `queue` take this long, standing in for a busy player (disconnect tests).
  var delay: Duration = .zero

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

  func unsubscribe(_ key: UUID) { subscribers[key] = nil }

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

  /// Notes a call in `calls`.
  func record(_ call: String) { calls.append(call) }

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
