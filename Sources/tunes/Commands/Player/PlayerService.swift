// What `tunes play` runs beside the player, foreground or daemon: the MPD server (Unix socket, and
// loopback TCP when asked) over the real backend, and the way a `kill`/`tunes quit`, SIGTERM or SIGHUP ends it.
import Foundation
import TunesControl
import TunesCore
import TunesLibrary
import TunesMPD
import TunesPlayer

/// Immutable after start; the signal sources are only cancelled in `stop`.
final class PlayerService: @unchecked Sendable {
  let server: MPDServer
  /// Yields when a client asks the player to end (`kill`, what `tunes quit` sends) or SIGTERM/SIGHUP arrives.
  let quitRequests: AsyncStream<Void>
  private let signalSources: [DispatchSourceSignal]

  private init(server: MPDServer, quitRequests: AsyncStream<Void>, signalSources: [DispatchSourceSignal]) {
    self.server = server
    self.quitRequests = quitRequests
    self.signalSources = signalSources
  }

  /// Binds the socket(s) and starts serving `player`.
  static func start(player: Player, library: Library, socketPath: String, tcpPort: Int?, password: String?) async throws
    -> PlayerService
  {
    let (stream, quit) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let backend = PlayerBackend(player: player, library: library, onShutdown: { quit.yield() })
    let server = MPDServer(
      backend: backend, configuration: MPDServer.Configuration(unixSocketPath: socketPath, tcpPort: tcpPort, password: password))
    try await server.start()
    // SIGTERM and SIGHUP end the player the way `tunes quit` does: socket removed, state saved.
    let sources = [SIGTERM, SIGHUP].map { number -> DispatchSourceSignal in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { quit.yield() }
      source.resume()
      return source
    }
    return PlayerService(server: server, quitRequests: stream, signalSources: sources)
  }

  /// Returns at the first quit request.
  func waitForQuit() async {
    for await _ in quitRequests { return }
  }

  func stop() {
    for source in signalSources { source.cancel() }
    server.stop()
  }
}
