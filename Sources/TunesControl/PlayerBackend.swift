// The real MPDBackend: every protocol call mapped onto the Player actor (transport, mixer, options,
// queue), the Library (search, folders, `update` through the indexer) and the PlaylistStore (stored
// playlists). It keeps no play state of its own: every snapshot is read from the Player.
import Foundation
import TunesCore
import TunesLibrary
import TunesMPD
import TunesPlayer
import TunesPlaylists
import TunesTags

public actor PlayerBackend: MPDBackend {
  public typealias Indexer = @Sendable (_ paths: [String]) throws -> IndexReport

  let player: Player
  let library: Library
  let playlists: PlaylistStore
  /// The configured music folder; nil: the common folder of the indexed songs, recomputed after updates.
  private let configuredRoot: String?
  private var cachedFolder: MusicFolder?
  let indexer: Indexer
  private let onShutdown: @Sendable () -> Void
  private let startedAt = Date()
  private var subscribers: [UUID: AsyncStream<Set<MPDSubsystem>>.Continuation] = [:]
  /// Index runs: MPD's `update`, the folder watcher's, and other processes' (PlayerBackendUpdates.swift).
  var updates = LibraryUpdates()
  /// The play ranges `rangeid` set, by queue id: shown on the entries (the Player plays whole songs).
  var ranges: [Int: MPDSongRange] = [:]
  /// The playing file's average bitrate (kbit/s, nil: unknown), read once per file from its frame headers.
  private var bitrateOfFile: (path: String, kbps: Int?)?
  /// The stored tags and formats of the queue's songs and the current song, until the library changes.
  private var tagCache = SongTagCache()
  /// How often the library's generation is read: `tunes index` in another terminal reaches idle
  /// clients within this.
  static let libraryPollInterval = Duration.seconds(1)

  public init(
    player: Player, library: Library, playlists: PlaylistStore, musicRoot: String? = nil,
    indexer: Indexer? = nil, onShutdown: @escaping @Sendable () -> Void = {}
  ) {
    self.player = player
    self.library = library
    self.playlists = playlists
    self.configuredRoot = musicRoot
    self.indexer = indexer ?? { paths in try library.index(paths: paths) }
    self.onShutdown = onShutdown
  }

  /// The backend of the usual wiring: playlists resolved through the library's query language.
  public init(player: Player, library: Library, onShutdown: @escaping @Sendable () -> Void = {}) {
    self.init(
      player: player, library: library, playlists: PlaylistStore(library: library, query: { try library.songs(matching: $0) }),
      onShutdown: onShutdown)
  }

  /// A backend dropped while someone still listened ends its watcher's thread too.
  deinit {
    updates.watcher?.stop()
  }

  func folder() throws -> MusicFolder {
    if let configuredRoot { return MusicFolder(root: configuredRoot) }
    if let cachedFolder { return cachedFolder }
    let computed = try MusicFolder.of(library)
    if computed.root != nil { cachedFolder = computed }
    return computed
  }

  // MARK: Changes

  public func changes() -> AsyncStream<Set<MPDSubsystem>> {
    let (stream, continuation) = AsyncStream<Set<MPDSubsystem>>.makeStream(bufferingPolicy: .bufferingNewest(1000))
    let key = UUID()
    subscribers[key] = continuation
    let player = self.player
    // MPD's idle names the subsystems only: a woken client asks `status` itself, answered with the
    // position at that moment, so the status a change carries is not needed here (MPRIS draws from it).
    let forward = Task {
      for await fact in await player.facts() {
        guard let change = fact.change else { continue }
        continuation.yield(Set(change.subsystems.compactMap { MPDSubsystem(rawValue: $0.rawValue) }))
      }
    }
    continuation.onTermination = { [weak self] _ in
      forward.cancel()
      Task { await self?.unsubscribe(key) }
    }
    watchLibrary()
    return stream
  }

  private func unsubscribe(_ key: UUID) {
    subscribers[key] = nil
    if subscribers.isEmpty { stopWatchingLibrary() }
  }

  /// After an index run that changed the library, this backend's or another process's: the music folder
  /// is computed again and queued songs whose files moved are played (and listed) at their new paths.
  func followIndexChanges() async {
    if configuredRoot == nil { cachedFolder = nil }
    await player.refreshSongs()
  }

  /// Changes the Player does not know of: stored playlists, the database and updates.
  func emit(_ changed: Set<MPDSubsystem>) {
    for continuation in subscribers.values { continuation.yield(changed) }
  }

  // MARK: Snapshots

  public func status() async throws -> MPDStatus {
    let s = await player.status()
    var out = MPDStatus()
    out.volume = s.volume
    out.repeatMode = s.repeatMode != .off
    out.single = Self.mpdSingle(s)
    out.random = s.random
    out.consume = s.consume ? .on : .off
    out.playlistVersion = s.queueVersion
    out.playlistLength = s.queueLength
    out.crossfade = await player.crossfade()
    let mixRamp = await player.mixRampSettings()
    out.mixRampDB = mixRamp.db
    out.mixRampDelay = mixRamp.delay
    switch s.state {
    case .playing: out.state = .play
    case .paused: out.state = .pause
    case .stopped: out.state = .stop
    }
    out.song = s.currentPosition
    out.songID = s.currentID
    // As MPD: a next song only beside a current one (stopped with nothing chosen, there is neither).
    if s.currentID != nil {
      out.nextSong = s.nextPosition
      out.nextSongID = s.nextID
    }
    if s.state != .stopped {
      out.elapsed = Double(s.elapsedMs) / 1000
      out.duration = s.durationMs.map { Double($0) / 1000 }
      out.audio = s.format.map(Self.mpdAudioFormat)
      out.bitrate = s.song.flatMap(bitrate)
    }
    out.updatingDatabase = updates.running
    out.error = s.error ?? updates.error
    return out
  }

  /// The decoder's output as `status` shows it: the player decodes to 16-bit integers today.
  static func mpdAudioFormat(_ format: AudioFormat) -> MPDAudioFormat {
    MPDAudioFormat(sampleRate: format.sampleRate, sample: .bits(format.bitsPerSample), channels: format.channels)
  }

  /// The song's average bitrate from its file's frame headers (the Xing/Info/VBRI totals, else the
  /// first frame's), as MPD shows the decoder's: read when the playing file changes, not on every `status`.
  private func bitrate(_ song: Song) -> Int? {
    if let known = bitrateOfFile, known.path == song.path { return known.kbps }
    let kbps = (try? TagReader.read(path: song.path)).map(\.audio.bitrate).flatMap { $0 > 0 ? $0 : nil }
    bitrateOfFile = (song.path, kbps)
    return kbps
  }

  public func currentSong() async throws -> MPDSong? {
    let s = await player.status()
    guard let song = s.song, let position = s.currentPosition else { return nil }
    let stored = try song.id.flatMap { try tagCache.stored([$0], library: library)[$0] }
    var out = LibrarySongs.mpdSong(song, tags: stored?.tags, folder: try folder())
    out.audioFormat = stored?.format
    out.position = position
    out.id = s.currentID
    out.range = s.currentID.flatMap { ranges[$0] }
    if let id = s.currentID { out.priority = await player.priorities()[id] ?? 0 }
    return out
  }

  public func stats() async throws -> MPDStats {
    let figures = try library.stats(mostPlayed: 0)
    var out = MPDStats()
    out.songs = figures.songs
    // As mpd counts them: the distinct values of the Artist and of the Album tag ("A feat. B" is one
    // artist, a song with two Artist values counts both, one album title under two album artists is one).
    let all = MPDFilter()
    out.artists = try await tagValues(.artist, matching: all).filter { !$0.isEmpty }.count
    out.albums = try await tagValues(.album, matching: all).filter { !$0.isEmpty }.count
    out.databasePlaytime = figures.totalDurationMs / 1000
    out.uptime = Int(Date().timeIntervalSince(startedAt))
    out.playtime = await player.heardMs / 1000
    out.databaseUpdate = Int((updates.last ?? Self.modified(library.path) ?? startedAt).timeIntervalSince1970)
    return out
  }

  private static func modified(_ path: String) -> Date? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
  }

  // MARK: Playback

  /// PlayerError → the ACK a client expects.
  func translate<T>(_ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let error as PlayerError {
      switch error {
      case .noSuchPosition: throw MPDError.argument("Bad song index")
      case .noSuchID: throw MPDError.noExist("No such song")
      case .badArgument(let text): throw MPDError.argument(text)
      case .queueFull: throw MPDError.queueFull
      default: throw MPDError.system(error.description)
      }
    }
  }

  public func play(position: Int?) async throws {
    do {
      try await translate { try await player.play(position: position) }
    } catch let error as MPDError where position == nil && error.code == .system {
      // An empty queue is not an error for MPD's bare `play`.
      if await player.status().queueLength > 0 { throw error }
    }
  }

  public func play(id: Int) async throws { try await translate { try await player.play(id: id) } }
  public func pause(_ paused: Bool?) async throws { await player.pause(paused) }
  public func stop() async throws { await player.stop() }
  public func next() async throws { await player.next() }
  public func previous() async throws { await player.previous() }

  public func clearError() async throws { await player.clearError() }

  // MARK: Mixer and options

  /// As MPD: setting the volume wakes `mixer` idlers even when it does not change it (the Player only
  /// reports changes).
  public func setVolume(_ volume: Int) async throws {
    let unchanged = await player.status().volume == volume
    await player.setVolume(volume)
    if unchanged { emit([.mixer]) }
  }
  public func changeVolume(by delta: Int) async throws { await player.changeVolume(by: delta) }
  /// tunes' shuffle without repeats: every song once per pass, artists spread apart.
  public func setRandom(_ on: Bool) async throws { await player.setRandom(on) }

  /// `random 1` and `shuffle` arrange the queue before their turn (see Player.prepareArrangement).
  public func prepare(_ work: MPDPreparation) async {
    switch work {
    case .shufflePass: await player.prepareArrangement(pass: true)
    case .queueOrder: await player.prepareArrangement(pass: false)
    }
  }

  /// MPD's repeat + single pair onto the Player's repeat mode: repeat with single on is repeat-one.
  public func setRepeat(_ on: Bool) async throws {
    await apply(repeat: on, single: Self.mpdSingle(await player.status()))
  }

  public func setSingle(_ mode: MPDOnceMode) async throws {
    await apply(repeat: await player.status().repeatMode != .off, single: mode)
  }

  /// Repeat with single on is the Player's repeat-one; a oneshot single stays the Player's own (with
  /// repeat, MPD replays the song and keeps it waiting; without, it stops at the next song once).
  private func apply(repeat on: Bool, single: MPDOnceMode) async {
    await player.setRepeat(on ? (single == .on ? .one : .all) : .off)
    let mode: SingleMode
    switch single {
    case .off: mode = .off
    case .on: mode = on ? .off : .on
    case .oneshot: mode = .oneshot
    }
    await player.setSingle(mode)
  }

  /// The Player's modes as MPD's single: repeat-one shows as single on.
  static func mpdSingle(_ s: PlayerStatus) -> MPDOnceMode {
    if s.repeatMode == .one { return .on }
    switch s.singleMode {
    case .off: return .off
    case .on: return .on
    case .oneshot: return .oneshot
    }
  }

  /// MPD 0.23 has no `consume oneshot` (0.24 added it), and refuses it as a bad boolean.
  public func setConsume(_ mode: MPDOnceMode) async throws {
    guard mode != .oneshot else { throw MPDError.argument("Boolean (0/1) expected: oneshot") }
    await player.setConsume(mode == .on)
  }

  // MARK: Queue

  public func queue() async throws -> MPDQueue {
    let folder = try folder()
    let version = await player.status().queueVersion
    let priorities = await player.priorities()
    let entries = await player.queueEntries()
    let stored = try tagCache.stored(entries.compactMap(\.song.id), library: library)
    let items = entries.map { entry -> MPDQueueItem in
      let known = entry.song.id.flatMap { stored[$0] }
      var song = LibrarySongs.mpdSong(entry.song, tags: known?.tags, folder: folder)
      song.audioFormat = known?.format
      song.id = entry.id
      song.position = entry.position
      song.range = ranges[entry.id]
      song.priority = priorities[entry.id] ?? 0
      return MPDQueueItem(song: song, version: entry.version)
    }
    return MPDQueue(version: version, items: items)
  }

  /// The songs a URI names: one file, or every song under a folder ("" = the whole library), in MPD's
  /// database order.
  func songs(forURI uri: String) throws -> [Song] {
    let folder = try folder()
    let found: [Song]
    if uri.isEmpty || uri == "/" && folder.root == "/" {
      found = try LibrarySongs.all(library)
    } else {
      guard let path = folder.path(forURI: uri) else { throw MPDError.noExist("No such directory") }
      found = try LibrarySongs.under(path, library: library)
      guard !found.isEmpty else { throw MPDError.noExist("No such directory") }  // MPD's words for a missing song too
    }
    let keys = found.map { song in
      (
        folder.uri(forPath: song.path),
        MPDDatabaseOrder.SongKey(album: song.knownAlbum, disc: song.discNumber, track: song.trackNumber)
      )
    }
    return MPDDatabaseOrder.order(ofSongs: keys).map { found[$0] }
  }

  public func addID(uri: String, position: Int?) async throws -> Int {
    let folder = try folder()
    guard let path = folder.path(forURI: uri), let song = try LibrarySongs.under(path, library: library).first,
      song.path == path
    else { throw MPDError.noExist("No such song") }
    let length = await player.status().queueLength
    let id = try await translate { try await player.add([song]) }.first!
    // MPD appends, then moves the new entry into place: two changes of the queue, two versions.
    if let position, position < length { try await translate { try await player.move(id: id, to: position) } }
    return id
  }

  public func delete(positions range: Range<Int>) async throws {
    let entries = await player.queueEntries()
    guard range.lowerBound >= 0, range.upperBound <= entries.count else { throw MPDError.argument("Bad song index") }
    let ids = entries[range].map(\.id)
    try await translate { try await player.delete(ids: ids) }
  }

  public func delete(id: Int) async throws { try await translate { try await player.delete(id: id) } }

  /// One entry at a time: forward when moving up, backward when moving down, so each lands where
  /// MPD's block move puts it.
  public func move(positions range: Range<Int>, to: Int) async throws {
    let entries = await player.queueEntries()
    guard range.lowerBound >= 0, range.upperBound <= entries.count, to >= 0, to + range.count <= entries.count else {
      throw MPDError.argument("Bad song index")
    }
    let ids = entries[range].map(\.id)
    let steps = Array(ids.enumerated())
    for (offset, id) in to > range.lowerBound ? steps.reversed() : steps {
      try await translate { try await player.move(id: id, to: to + offset) }
    }
  }

  public func clear() async throws { await player.clear() }

  public func shuffle(positions range: Range<Int>?) async throws {
    guard let range else { await player.shuffleQueue(); return }
    let entries = await player.queueEntries()
    guard range.lowerBound >= 0, range.upperBound <= entries.count else { throw MPDError.argument("Bad song index") }
    for (offset, id) in entries[range].map(\.id).shuffled().enumerated() {
      try await translate { try await player.move(id: id, to: range.lowerBound + offset) }
    }
  }

  // MARK: Library

  public func songs(matching filter: MPDFilter) async throws -> [MPDSong] {
    let folder = try folder()
    return try LibrarySongs.matching(filter, library: library, folder: folder)
  }

  public func listAll(_ uri: String, details: Bool) async throws -> [MPDEntry] {
    let folder = try folder()
    guard let path = folder.path(forURI: uri) else { return [] }  // an empty library has an empty root
    let entries = try LibrarySongs.listing(under: path, details: details, library: library, folder: folder)
    if !uri.isEmpty, entries.isEmpty { throw MPDError.noExist("No such directory") }
    return details ? withFolderTimes(entries) : entries
  }

  public func tagValues(_ tag: MPDTag, matching filter: MPDFilter) async throws -> [String] {
    try LibrarySongs.tagValues(tag, matching: filter, library: library, folder: try folder())
  }

  public func directory(_ uri: String) async throws -> [MPDEntry] {
    let folder = try folder()
    guard let path = folder.path(forURI: uri) else { return [] }  // an empty library has an empty root
    let entries = try LibrarySongs.children(of: path, library: library, folder: folder)
    if !uri.isEmpty, entries.isEmpty { throw MPDError.noExist("No such directory") }
    return withFolderTimes(entries)
  }

  public func songFile(uri: String) async throws -> String {
    guard let path = try folder().path(forURI: uri), try library.song(path: path) != nil else {
      throw MPDError.noExist("No such song")
    }
    return path
  }

  /// The picture TunesTags finds in the song's ID3v2 tag (the front cover when there are several).
  public func embeddedPicture(uri: String) async throws -> MPDPicture? {
    let path = try await songFile(uri: uri)
    do {
      return try PictureReader.picture(path: path).map { MPDPicture(mimeType: $0.mimeType, data: $0.data) }
    } catch {
      throw MPDError.noExist("Failed to load file")
    }
  }

  // MARK: Lifetime

  public func shutdown() async throws { onShutdown() }
}
