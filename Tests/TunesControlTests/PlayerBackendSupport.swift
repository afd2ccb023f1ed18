// Test support for the real backend: tiny MP3s made with sox + lame and indexed into a temporary
// library, a real Player fed by a silent decoder into a sink that keeps real time, behind a real server.
import Foundation
import Testing
import TunesCore
import TunesLibrary
import TunesMPD
import TunesPlayer
import TunesPlaylists
import TunesTestSupport

@testable import TunesControl

/// A decoder of silence: `seconds` long at 44.1 kHz stereo, whatever the file holds.
final class SilentDecoder: AudioDecoder {
  let format = AudioFormat(sampleRate: 44100, channels: 2)
  let totalFrames: Int?
  private(set) var positionFrames = 0
  let warnings: [String] = []

  init(seconds: Double) { totalFrames = Int(seconds * 44100) }

  func read(into bytes: UnsafeMutableRawBufferPointer) throws -> Int {
    let buffer = bytes.bindMemory(to: Int16.self)  // this fake decodes s16 only
    let count = min(buffer.count / 2, totalFrames! - positionFrames)
    for index in 0..<count * 2 { buffer[index] = 0 }
    positionFrames += count
    return count
  }

  func seek(toFrame frame: Int) throws -> Int {
    positionFrames = min(max(frame, 0), totalFrames!)
    return positionFrames
  }
}

struct SilentDecoders: AudioDecoderFactory {
  var seconds: Double
  func makeDecoder(path: String) throws -> AudioDecoder {
    guard FileManager.default.fileExists(atPath: path) else { throw ControlError.notASocket(path: path) }
    return SilentDecoder(seconds: seconds)
  }
}

/// Swallows audio at the audio clock (`speed` times real time), like a sound card without a buffer.
final class ClockSink: AudioSink {
  private var rate = 44100
  private var channels = 2
  let speed: Double
  init(speed: Double = 1) { self.speed = speed }
  func open(format: AudioFormat) throws {
    rate = format.sampleRate
    channels = format.channels
  }
  func write(_ bytes: UnsafeRawBufferPointer) throws -> Int {
    let samples = bytes.bindMemory(to: Int16.self)  // this fake plays s16 only
    let frames = samples.count / channels
    Thread.sleep(forTimeInterval: Double(frames) / Double(rate) / speed)
    return frames
  }
  var delayFrames: Int { 0 }
  var pacesItself: Bool { true }
  func pause() throws -> Bool { true }
  func resume() throws {}
  func drop() throws {}
  func drain() throws {}
  func close() {}
}

/// Runs a command line tool (under `timeout`) through the shared posix_spawn support; returns
/// stdout+stderr and the exit status.
@discardableResult
func runTool(_ tool: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (
  output: String, status: Int32
) {
  let result = try ChildProcess.run(tool, arguments, environment: environment, mergeStderr: true, timeout: 60)
  return (result.output, result.status)
}

/// One tagged MP3 of a fraction of a second (lame reads a WAV sox makes), with the image file `picture`
/// embedded in its tag when given.
func makeMP3(_ path: String, title: String, artist: String, album: String, track: Int, picture: String? = nil) throws {
  try FileManager.default.createDirectory(
    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
  let wav = path + ".wav"
  let sox = try runTool("/usr/bin/sox", ["-n", "-r", "8000", "-c", "1", wav, "synth", "0.3", "sine", "440"])
  try #require(sox.status == 0, "sox: \(sox.output)")
  let lame = try runTool(
    "/usr/bin/lame",
    ["--quiet", "--add-id3v2", "--tt", title, "--ta", artist, "--tl", album, "--tn", "\(track)"]
      + (picture.map { ["--ti", $0] } ?? []) + [wav, path])
  try #require(lame.status == 0, "lame: \(lame.output)")
  try FileManager.default.removeItem(atPath: wav)
}

let toolsPresent = ["/usr/bin/mpc", "/usr/bin/sox", "/usr/bin/lame"].allSatisfy {
  FileManager.default.isExecutableFile(atPath: $0)
}

/// A library of five songs under `<folder>/music`, a Player over it and a server on a unique socket.
struct LivePlayer: Sendable {
  let folder: String
  let music: String
  let socket: String
  let library: Library
  let player: Player
  let backend: PlayerBackend
  let server: MPDServer
  let shutdowns: Counter

  static func start(songSeconds: Double = 30) async throws -> LivePlayer {
    let folder = temporaryFolder()
    let music = folder + "/music"
    let files: [(String, String, String, String, Int)] = [
      ("Alpha/First/01 one.mp3", "One", "Alpha", "First", 1),
      ("Alpha/First/02 two.mp3", "Two", "Alpha", "First", 2),
      ("Alpha/Second/01 three.mp3", "Three", "Alpha", "Second", 1),
      ("Beta/01 four.mp3", "Four", "Beta", "Fourth", 1),
      ("Beta/02 five.mp3", "Five", "Beta", "Fourth", 2),
    ]
    // Files and indexing block: off the cooperative pool, which other tests' servers need.
    let (library, report) = try await offCooperativePool { () -> (Library, IndexReport) in
      for (relative, title, artist, album, track) in files {
        try makeMP3(music + "/" + relative, title: title, artist: artist, album: album, track: track)
      }
      let library = try Library(path: folder + "/library.db", areas: everyDatabaseArea)
      return (library, try library.index(paths: [music]))
    }
    try #require(report.added.count == files.count, "indexed \(report)")
    let player = Player(
      sink: ClockSink(), decoders: SilentDecoders(seconds: songSeconds), library: library, persist: false, seed: 7)
    let shutdowns = Counter()
    let backend = PlayerBackend(player: player, library: library, onShutdown: { shutdowns.add() })
    let socket = folder + "/mpd.sock"
    let server = MPDServer(backend: backend, configuration: MPDServer.Configuration(unixSocketPath: socket))
    try await server.start()
    return LivePlayer(
      folder: folder, music: music, socket: socket, library: library, player: player, backend: backend, server: server,
      shutdowns: shutdowns)
  }

  func stop() async {
    let server = self.server
    _ = try? await offCooperativePool { server.stop() }
    await player.shutdown()
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Runs Debian's mpc against this player on a thread of its own.
  func mpc(_ arguments: String...) async throws -> (output: String, status: Int32) {
    let socket = self.socket
    return try await offCooperativePool {
      try runTool(
        "/usr/bin/mpc", arguments, environment: ["MPD_HOST": socket, "MPD_TIMEOUT": "\(replySeconds)", "PATH": "/usr/bin:/bin"])
    }
  }

  /// Runs a shell command line with mpc pointed at this player (for `mpc … > FILE`).
  func shell(_ script: String) async throws -> (output: String, status: Int32) {
    let socket = self.socket
    return try await offCooperativePool {
      try runTool(
        "/bin/sh", ["-c", script], environment: ["MPD_HOST": socket, "MPD_TIMEOUT": "\(replySeconds)", "PATH": "/usr/bin:/bin"])
    }
  }

  func client<T: Sendable>(_ body: @escaping @Sendable (MPDClient) throws -> T) async throws -> T {
    let path = socket
    return try await offCooperativePool { try body(try MPDClient(socketPath: path, timeoutSeconds: replySeconds)) }
  }
}
