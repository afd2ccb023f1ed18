// The contract between the MPD protocol layer and whatever plays music: TunesControl's PlayerBackend
// implements it over the player; the server only translates protocol lines into these calls and
// snapshots into replies.
// Every method is async and may throw MPDError to pick the ACK code (other errors become ACK SYSTEM).
import Foundation

public enum MPDPlayState: String, Sendable, Hashable {
  case play, pause, stop
}

/// `single` and `consume`: off, on, or once (MPD's "oneshot").
public enum MPDOnceMode: String, Sendable, Hashable {
  case off = "0"
  case on = "1"
  case oneshot
}

/// The idle subsystems MPD clients subscribe to.
public enum MPDSubsystem: String, Sendable, Hashable, CaseIterable, Comparable {
  case database, update, storedPlaylist = "stored_playlist", playlist, player, mixer, output, options
  case partition, sticker, subscription, message, neighbor, mount

  public static func < (a: MPDSubsystem, b: MPDSubsystem) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}

/// What `status` reports. Optional fields are left out of the reply when nil.
public struct MPDStatus: Sendable, Hashable {
  /// 0…100; nil when there is no mixer (MPD then omits the line).
  public var volume: Int?
  public var repeatMode = false
  public var random = false
  public var single = MPDOnceMode.off
  public var consume = MPDOnceMode.off
  /// The queue version: bumped on every queue change; `plchanges` compares against it.
  public var playlistVersion = 1
  public var playlistLength = 0
  public var state = MPDPlayState.stop
  /// Seconds of crossfade; `xfade` is written only when above 0, as MPD does.
  public var crossfade = 0
  /// MixRamp's threshold in dB, always written; its delay in seconds, written only when above 0 (as MPD).
  public var mixRampDB: Float = 0
  public var mixRampDelay: Float = -1
  /// Position and id of the current song (also set while stopped when a song is selected).
  public var song: Int?
  public var songID: Int?
  public var nextSong: Int?
  public var nextSongID: Int?
  /// Seconds into the current song and its length.
  public var elapsed: Double?
  public var duration: Double?
  /// kbit/s of the current song (0 is written when unknown, as MPD does).
  public var bitrate: Int?
  /// What the decoder produces, written as `rate:bits:channels`, e.g. `44100:16:2`.
  public var audio: MPDAudioFormat?
  /// The job id of a running database update.
  public var updatingDatabase: Int?
  public var error: String?

  public init() {}
}

public struct MPDStats: Sendable, Hashable {
  public var artists = 0
  public var albums = 0
  public var songs = 0
  /// Seconds the player has been running.
  public var uptime = 0
  /// Seconds of music played since start.
  public var playtime = 0
  /// Sum of all song durations in the library, seconds.
  public var databasePlaytime = 0
  /// Last library update, Unix time.
  public var databaseUpdate = 0

  public init() {}
}

/// One queue entry: the song (with `id` and `position` set) and the queue version of its last change.
public struct MPDQueueItem: Sendable, Hashable {
  public var song: MPDSong
  /// The `playlistVersion` at which this entry was added, moved or had its position shifted.
  public var version: Int

  public init(song: MPDSong, version: Int) {
    self.song = song
    self.version = version
  }
}

public struct MPDQueue: Sendable, Hashable {
  public var version: Int
  /// In position order: `items[i].song.position == i`.
  public var items: [MPDQueueItem]

  public init(version: Int, items: [MPDQueueItem]) {
    self.version = version
    self.items = items
  }
}

public struct MPDStoredPlaylist: Sendable, Hashable {
  public var name: String
  public var lastModified: Date?

  public init(name: String, lastModified: Date? = nil) {
    self.name = name
    self.lastModified = lastModified
  }
}

/// One entry of a folder listing (`lsinfo`).
public enum MPDEntry: Sendable, Hashable {
  case directory(path: String, lastModified: Date?)
  case song(MPDSong)
  case playlist(MPDStoredPlaylist)
}

/// A picture embedded in a song's tags, as `readpicture` sends it.
public struct MPDPicture: Sendable, Hashable {
  /// "image/jpeg" and the like; nil when the tag does not say.
  public var mimeType: String?
  public var data: [UInt8]

  public init(mimeType: String?, data: [UInt8]) {
    self.mimeType = mimeType
    self.data = data
  }
}

/// Where `seekcur` goes: to a time, or forward/back from the current time.
public enum MPDSeekTarget: Sendable, Hashable {
  case absolute(Double)
  case relative(Double)
}

/// The player and library as the MPD server sees them. Implemented by TunesControl's PlayerBackend (and
/// by TunesMPDTesting's `InMemoryMPDBackend` for tests and benchmarks). Calls arrive from any task, concurrently:
/// the implementation serializes them (an actor does).
public protocol MPDBackend: Sendable {
  // MARK: Snapshots
  func status() async throws -> MPDStatus
  /// The current song with `id` and `position`, or nil when none is selected.
  func currentSong() async throws -> MPDSong?
  func stats() async throws -> MPDStats

  // MARK: Playback
  /// Starts playing at queue `position`, or resumes/starts the current song when nil.
  func play(position: Int?) async throws
  func play(id: Int) async throws
  /// true pauses, false resumes, nil toggles.
  func pause(_ paused: Bool?) async throws
  func stop() async throws
  func next() async throws
  func previous() async throws
  func seek(position: Int, to seconds: Double) async throws
  func seek(id: Int, to seconds: Double) async throws
  func seekCurrent(_ target: MPDSeekTarget) async throws

  // MARK: Mixer and options
  /// 0…100 (the server rejects anything else).
  func setVolume(_ volume: Int) async throws
  /// Relative change; the result is clamped to 0…100.
  func changeVolume(by delta: Int) async throws
  func setRandom(_ on: Bool) async throws
  func setRepeat(_ on: Bool) async throws
  func setSingle(_ mode: MPDOnceMode) async throws
  func setConsume(_ mode: MPDOnceMode) async throws

  // MARK: Queue
  func queue() async throws -> MPDQueue
  /// Appends a song or every song under a folder (`""` = the whole library). Unknown URI: MPDError noExist.
  func add(uri: String) async throws
  /// Adds one song at `position` (end when nil) and returns its queue id.
  func addID(uri: String, position: Int?) async throws -> Int
  /// Removes the positions in `range`. The server checked them against the queue length it saw, but
  /// another client may have shortened the queue since: check again and throw "Bad song index".
  func delete(positions range: Range<Int>) async throws
  func delete(id: Int) async throws
  /// Moves the entries in `range` so that the first lands at `to`.
  func move(positions range: Range<Int>, to: Int) async throws
  func clear() async throws
  /// Sets the part of the song the entry with queue id `id` plays (nil: all of it), shown as its `range`.
  /// Unknown id: MPDError noExist "No such song".
  func setRange(id: Int, range: MPDSongRange?) async throws
  /// The entries at two positions trade places, one queue change (`swap`, `swapid`; the server checked the
  /// positions, but check again: "Bad song index").
  func swap(positions a: Int, _ b: Int) async throws
  /// Gives the entries with queue ids `ids` the priority 0…255 as one queue change (`prio`, `prioid`);
  /// the version moves on even when no entry's priority changes, as MPD's does. An unknown id is
  /// MPDError noExist "No such song", and then nothing changes.
  func setPriority(_ priority: Int, ids: [Int]) async throws
  /// Shuffles the whole queue or a range of it.
  func shuffle(positions range: Range<Int>?) async throws

  // MARK: Stored playlists (tunes' own playlists)
  func storedPlaylists() async throws -> [MPDStoredPlaylist]
  /// Unknown name: MPDError noExist "No such playlist".
  func storedPlaylist(named name: String) async throws -> [MPDSong]
  /// Appends the playlist (or a range of it) to the queue.
  func load(playlist name: String, range: MPDRange?) async throws
  /// Saves the queue as a new playlist; an existing name is MPDError exist.
  func save(playlist name: String) async throws
  func remove(playlist name: String) async throws
  func rename(playlist name: String, to newName: String) async throws
  /// Appends a song (or folder) to a playlist, creating the playlist if needed.
  func playlistAdd(_ name: String, uri: String) async throws
  func playlistDelete(_ name: String, position: Int) async throws
  func playlistMove(_ name: String, from: Int, to: Int) async throws
  func playlistClear(_ name: String) async throws

  // MARK: Library
  func songs(matching filter: MPDFilter) async throws -> [MPDSong]
  /// Distinct values of `tag` among songs matching `filter`, sorted by their bytes as MPD sorts them; a
  /// song counts with each of its values, and one without the tag with its fallback's values or else the
  /// empty value, as in MPD's `list` (`MPDTags.listedValues`).
  func tagValues(_ tag: MPDTag, matching filter: MPDFilter) async throws -> [String]
  /// The direct children of a folder (`""` = the music folder root).
  func directory(_ uri: String) async throws -> [MPDEntry]
  /// Everything under a folder in `listall` order: each sub-folder's entry followed by its own listing,
  /// then the folder's songs, with their tags when `details` (`listallinfo`; `listall` shows only URIs).
  /// A URI that names no folder is MPDError noExist.
  func listAll(_ uri: String, details: Bool) async throws -> [MPDEntry]
  /// When the folder `uri` names was last modified (the `Last-Modified` of its `directory:` line), nil
  /// when unknown.
  func folderModified(_ uri: String) async throws -> Date?
  /// The files and folders in the folder `uri` names, as the disk holds them (`listfiles`), in the order
  /// the file system gives them (as MPD lists them). A folder that cannot be read is MPDError system.
  func listFiles(_ uri: String) async throws -> [MPDFileEntry]
  /// Starts re-indexing (all, or under `uri`) and returns a job id; a running update is MPDError updateAlready.
  func update(uri: String?) async throws -> Int
  /// The file of the library song `uri` names (for album art); throws `noExist` for anything else.
  func songFile(uri: String) async throws -> String
  /// The picture embedded in the tags of the library song `uri` names (`readpicture`), nil when it has
  /// none; throws `noExist` for a URI that names no song and for a file that cannot be read.
  func embeddedPicture(uri: String) async throws -> MPDPicture?
  /// `filter` as the queue's songs carry their values (`playlistfind`, `playlistsearch`): a backend that
  /// stores some values in one spelling (MusicBrainz ids) brings the filter's to it, as for `find`.
  func queueFilter(_ filter: MPDFilter) async -> MPDFilter
  /// The library song's own tag pairs in file order, names as the file spells them, as MPD's decoder
  /// reports them to `readcomments` (the server drops the pairs MPD would not print).
  func comments(uri: String) async throws -> [(name: String, value: String)]

  // MARK: Stickers (`sticker … song …`)
  /// The song's stickers, by name. A URI that names no song is MPDError noExist "No such song".
  func stickers(uri: String) async throws -> [MPDSticker]
  /// Sets or replaces a sticker of the song `uri` names ("No such song" as above).
  func setSticker(uri: String, name: String, value: String) async throws
  /// Deletes the song's sticker `name` (every one when nil); none there is MPDError noExist "no such sticker".
  func deleteSticker(uri: String, name: String?) async throws
  /// The songs whose URI starts with `uri` ("": all) that have a sticker `name`, with its value, by URI.
  func findStickers(under uri: String, name: String) async throws -> [(file: String, value: String)]

  // MARK: Lifetime and changes
  /// Forgets the error the status shows (`clearerror`).
  func clearError() async throws
  /// Asks the player to end (the `kill` command, what `tunes quit` sends).
  func shutdown() async throws
  /// A new subscription to change notifications: each element names the subsystems that changed.
  func changes() async -> AsyncStream<Set<MPDSubsystem>>
  /// Does `work`, which a batch's command can have done before its turn (MPDCommandGate), changing
  /// nothing, so that its turn is short: arranging a shuffle of a long queue. The command's turn uses it
  /// only if nothing it was made from changed meanwhile.
  func prepare(_ work: MPDPreparation) async
}

/// Work a command can have done before its turn, decided by its row of the command table from the
/// arguments as its handler reads them (MPDPreparedHandler).
public enum MPDPreparation: Sendable, Hashable {
  /// `random 1`: the shuffle's first pass.
  case shufflePass
  /// `shuffle` of the whole queue: the queue's new order.
  case queueOrder
}

extension MPDBackend {
  /// A default for backends with nothing to prepare.
  public func prepare(_ work: MPDPreparation) async {}

  /// A default for backends without folders on disk: no time known.
  public func folderModified(_ uri: String) async throws -> Date? { nil }

  /// A default for backends without folders on disk: the library's folders and songs in `uri`.
  public func listFiles(_ uri: String) async throws -> [MPDFileEntry] {
    try await directory(uri).compactMap { entry in
      switch entry {
      case .directory(let path, let modified):
        return MPDFileEntry(name: String(path.split(separator: "/").last ?? ""), isDirectory: true, lastModified: modified)
      case .song(let song):
        return MPDFileEntry(
          name: String(song.file.split(separator: "/").last ?? ""), isDirectory: false, lastModified: song.lastModified)
      case .playlist:
        return nil
      }
    }
  }

  /// A default for backends without a faster path: walks `directory`, one call per folder.
  public func listAll(_ uri: String, details: Bool) async throws -> [MPDEntry] { try await listRecursively(uri) }

  /// `listAll` through `directory`, folder by folder: the default, and what faster backends must agree with.
  public func listRecursively(_ uri: String) async throws -> [MPDEntry] {
    var entries: [MPDEntry] = []
    for entry in try await directory(uri) {
      entries.append(entry)
      if case .directory(let path, _) = entry { entries += try await listRecursively(path) }
    }
    return entries
  }

  /// `list TAG group G…`: the distinct combinations of the `levels` tags (outermost group first, the
  /// listed tag last) among matching songs, sorted level by level. A song with several values of a level
  /// counts under each (every combination of its values), one without a tag under its fallback's values
  /// or else "", as MPD collects them (`VisitTagWithFallbackOrEmpty`).
  public func groupedTagValues(_ levels: [MPDTag], matching filter: MPDFilter) async throws -> [[String]] {
    guard !levels.isEmpty else { return [] }
    var rows = Set<[String]>()
    for song in try await songs(matching: filter) {
      var combinations: [[String]] = [[]]
      for level in levels {
        let values = song.tags.listedValues(level)
        combinations = combinations.flatMap { row in values.map { row + [$0] } }
      }
      rows.formUnion(combinations)
    }
    return rows.sorted { $0.lexicographicallyPrecedes($1) }
  }

  /// A default for backends without a faster path: filters `songs(matching:)`.
  public func tagValues(_ tag: MPDTag, matching filter: MPDFilter) async throws -> [String] {
    let songs = try await songs(matching: filter)
    return Set(songs.flatMap { $0.tags.listedValues(tag) }).sorted()
  }
}

extension MPDBackend {
  /// Values are matched as the client spells them.
  public func queueFilter(_ filter: MPDFilter) async -> MPDFilter { filter }
}
