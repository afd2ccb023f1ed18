// Test support for MPD clients against either backend: the in-memory double, or the real player over a
// library holding the same songs, each behind a server on a unique socket. Blocking client code runs
// through TunesTestSupport's offCooperativePool (the server's tasks need the cooperative pool).
import Foundation
import Testing
import TunesCore
import TunesMPD
import TunesMPDTesting
import TunesPlaylists

@testable import TunesControl
@testable import TunesLibrary
@testable import TunesPlayer

/// How long a test's client waits for a reply before it gives up ("the player did not answer in time"):
/// a reply that comes ends the wait at once, and a busy machine (a release build beside the tests)
/// can hold the server back for many seconds.
let replySeconds = 60

/// TunesTestSupport's folder of one test's own, short enough for a socket inside it.
func temporaryFolder() -> String { TemporaryFolder.make() }

/// The fixture songs' audio formats as MPD reads MP3s (24-bit, its decoder's), by file; the in-memory
/// backend is given them, the real one stores each as an MP3's rate and channels (no sample size).
let fixtureFormats: [String: MPDAudioFormat] = [
  "Beatles/Abbey Road/01 Come Together.mp3": MPDAudioFormat(sampleRate: 44100, sample: .bits(24), channels: 2),
  "Beatles/Abbey Road/02 Something.mp3": MPDAudioFormat(sampleRate: 44100, sample: .bits(24), channels: 2),
  "Beatles/Help/01 Help.mp3": MPDAudioFormat(sampleRate: 48000, sample: .bits(24), channels: 2),
  "Nina Simone/Feeling Good.mp3": MPDAudioFormat(sampleRate: 44100, sample: .bits(24), channels: 1),
]

/// What the client tests run against: what MPDBackend promises holds for both.
enum BackendKind: String, CaseIterable, Sendable, CustomStringConvertible {
  /// TunesMPDTesting's InMemoryMPDBackend.
  case inMemory
  /// PlayerBackend over a real Player (silent decoder, a device whose clock moves only while the player
  /// carries out a command: HeldDevice) and a library of the same songs.
  case player

  var description: String { rawValue }
}

struct Harness: Sendable {
  let kind: BackendKind
  let folder: String
  let socket: String
  let backend: any MPDBackend
  let server: MPDServer
  /// The real backend's player, stopped with the harness.
  let player: Player?
  /// How often the backend was asked to end the player (`kill`).
  let shutdowns: Counter

  /// The in-memory backend, whose test hooks (the calls it received) only it has.
  var memory: InMemoryMPDBackend? { backend as? InMemoryMPDBackend }

  static func start(_ kind: BackendKind = .inMemory, songs: [MPDSong] = fixtureSongs) async throws -> Harness {
    let folder = temporaryFolder()
    let socket = folder + "/run/mpd.sock"
    let shutdowns = Counter()
    let backend: any MPDBackend
    var player: Player?
    switch kind {
    case .inMemory:
      let formatted = songs.map { song in
        var song = song
        song.audioFormat = fixtureFormats[song.file]
        return song
      }
      backend = InMemoryMPDBackend(songs: formatted, onShutdown: { shutdowns.add() })
    case .player:
      let (library, music) = try await offCooperativePool { try libraryOf(songs, in: folder) }
      let lengths = Dictionary(uniqueKeysWithValues: songs.map { (music + "/" + $0.file, $0.duration ?? 1) })
      let device = HeldDevice()
      let live = Player(
        sink: device, decoders: FixtureDecoders(seconds: lengths), library: library, persist: false, seed: 7)
      device.letThrough { [weak live] in live?.engineHasUnansweredCommands ?? true }
      // The in-memory backend's mixer starts at 50: the same state for the same replies.
      await live.setVolume(50)
      player = live
      backend = PlayerBackend(
        player: live, library: library,
        playlists: PlaylistStore(library: library, query: { try library.songs(matching: $0) }), musicRoot: music,
        indexer: { _ in IndexReport() }, onShutdown: { shutdowns.add() })
    }
    let server = MPDServer(backend: backend, configuration: MPDServer.Configuration(unixSocketPath: socket))
    try await server.start()
    return Harness(
      kind: kind, folder: folder, socket: socket, backend: backend, server: server, player: player, shutdowns: shutdowns)
  }

  /// A library at `folder`/library.db holding `songs` under `folder`/music, each with an empty file (the
  /// silent decoder only checks that it is there); returns it and the music folder.
  private static func libraryOf(_ songs: [MPDSong], in folder: String) throws -> (Library, String) {
    let music = folder + "/music"
    let library = try Library(path: folder + "/library.db", areas: everyDatabaseArea)
    try library.pool.write { db in
      for song in songs {
        let path = music + "/" + song.file
        try FileManager.default.createDirectory(
          atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        var row = Song(
          path: path, title: song.tags[.title] ?? "", artist: song.tags[.artist] ?? "", album: song.tags[.album] ?? "",
          albumArtist: song.tags[.albumArtist] ?? "", trackNumber: song.tags[.track].flatMap { Int($0) },
          year: song.tags[.date].flatMap { Int($0) },
          genre: song.tags[.genre], durationMs: song.duration.map { Int(($0 * 1000).rounded()) })
        try row.insert(db)
        if let format = fixtureFormats[song.file] {
          try db.execute(
            sql: "UPDATE song SET codec = 'mp3', sampleRate = ?, channels = ? WHERE path = ?",
            arguments: [format.sampleRate, format.channels, path])
        }
      }
      // The artists and albums the indexer would record, which `stats` counts.
      try db.execute(
        sql: """
          INSERT INTO artist (name) SELECT DISTINCT artist FROM song WHERE artist != '';
          UPDATE song SET artistId = (SELECT id FROM artist WHERE artist.name = song.artist);
          INSERT INTO album (title, albumArtistName) SELECT DISTINCT album, albumArtist FROM song WHERE album != '';
          UPDATE song SET albumId = (
            SELECT id FROM album WHERE album.title = song.album AND album.albumArtistName = song.albumArtist);
          """)
    }
    return (library, music)
  }

  func stop() {
    server.stop()
    if let player { Task { await player.shutdown() } }
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Opens a client, runs `body` with it on a thread of its own.
  func client<T: Sendable>(_ body: @escaping @Sendable (MPDClient) throws -> T) async throws -> T {
    let path = socket
    return try await offCooperativePool {
      let client = try MPDClient(socketPath: path, timeoutSeconds: replySeconds)
      return try body(client)
    }
  }

  /// Sends raw protocol text and returns everything received until `replies` replies have ended (lines
  /// `OK` or `ACK …`) or the server closes the connection (then the result ends with "<closed>").
  /// Gives up after a minute without data.
  func raw(replies: Int, _ text: [UInt8]) async throws -> String {
    let path = socket
    return try await offCooperativePool { try rawExchange(path: path, bytes: text, replies: replies) }
  }

  func raw(replies: Int, _ text: String) async throws -> String { try await raw(replies: replies, Array(text.utf8)) }
}

/// Silence as long as the library says each song is, so that the player reports the lengths the
/// in-memory backend reports.
struct FixtureDecoders: AudioDecoderFactory {
  /// Seconds by file path.
  let seconds: [String: Double]

  func makeDecoder(path: String) throws -> AudioDecoder {
    guard let length = seconds[path] else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
    return SilentDecoder(seconds: length)
  }
}

/// Waits until `count` clients are connected (idle clients connect and wait). Connected is enough: a
/// session keeps the changes made before its `idle` line is read and reports them at once. Fails the
/// test rather than go on: a change made before a client connects never reaches it, and the client
/// would then wait out its read timeout.
func waitForIdlers(_ h: Harness, count: Int) async throws {
  try #require(await eventually(60, every: .milliseconds(5)) { h.server.clientCount >= count })
}

/// The reply pairs as `key: value` lines, to compare with expected protocol text.
func text(_ pairs: MPDClient.Pairs) -> String {
  pairs.map { "\($0.key): \($0.value)\n" }.joined()
}
