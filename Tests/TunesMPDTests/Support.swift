// Test support for TunesMPD: a server over the in-memory backend on a unique socket. Blocking client code
// runs through TunesTestSupport's offCooperativePool (the server's tasks need the cooperative pool).
import Foundation
import Testing
import TunesMPDTesting

@testable import TunesMPD

/// How long a test's client waits for a reply before it gives up ("the player did not answer in time"):
/// a reply that comes ends the wait at once, and a busy machine (a release build beside the tests)
/// can hold the server back for many seconds.
let replySeconds = 60

/// TunesTestSupport's folder of one test's own, short enough for a socket inside it.
func temporaryFolder() -> String { TemporaryFolder.make() }

struct Harness: Sendable {
  let folder: String
  let socket: String
  let backend: InMemoryMPDBackend
  let server: MPDServer

  static func start(
    songs: [MPDSong] = fixtureSongs, tcpPort: Int? = nil, password: String? = nil, maximumOutput: Int? = nil,
    configure: (inout MPDServer.Configuration) -> Void = { _ in }
  ) async throws -> Harness {
    let folder = temporaryFolder()
    let socket = folder + "/run/mpd.sock"
    let backend = InMemoryMPDBackend(songs: songs)
    var configuration = MPDServer.Configuration(unixSocketPath: socket, tcpPort: tcpPort, password: password)
    if let maximumOutput { configuration.maximumOutputBytes = maximumOutput }
    configure(&configuration)
    let server = MPDServer(backend: backend, configuration: configuration)
    try await server.start()
    return Harness(folder: folder, socket: socket, backend: backend, server: server)
  }

  func stop() {
    server.stop()
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

/// The reply pairs as `key: value` lines, to compare with expected protocol text.
func text(_ pairs: MPDClient.Pairs) -> String {
  pairs.map { "\($0.key): \($0.value)\n" }.joined()
}
