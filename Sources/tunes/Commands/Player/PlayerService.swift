// What `tunes play` runs beside the player, foreground or daemon: the MPD server (Unix socket, and
// loopback TCP: MPDListening) over the real backend, MPRIS on the session bus over the same backend,
// the library watched for changes (LibraryAutoUpdate), and the way a `kill`/`tunes quit`, SIGTERM or SIGHUP ends it.
import Foundation
import TunesControl
import TunesCore
import TunesLibrary
import TunesMPD
import TunesMPRIS
import TunesPlayer

/// Immutable after start; the signal sources are only cancelled in `stop`.
final class PlayerService: @unchecked Sendable {
  let server: MPDServer
  /// Nil when MPRIS is turned off (config.toml); with no session bus, or the name taken, it serves nothing.
  let mpris: MPRISService?
  /// Yields when a client asks the player to end (`kill`, what `tunes quit` sends) or SIGTERM/SIGHUP arrives.
  let quitRequests: AsyncStream<Void>
  private let signalSources: [DispatchSourceSignal]
  private let autoUpdate: LibraryAutoUpdate?

  private init(
    server: MPDServer, mpris: MPRISService?, quitRequests: AsyncStream<Void>, signalSources: [DispatchSourceSignal],
    autoUpdate: LibraryAutoUpdate?
  ) {
    self.server = server
    self.mpris = mpris
    self.quitRequests = quitRequests
    self.signalSources = signalSources
    self.autoUpdate = autoUpdate
  }

  /// Binds the socket(s) and starts serving `player`; with `mpris`, also on the session bus, where a
  /// missing bus or a taken name is told to `report` once and play goes on.
  /// `autoUpdate` nil: the library is not watched (`[library] auto_update = false`).
  static func start(
    player: Player, library: Library, socketPath: String, listening: MPDListening, password: String?,
    mpris: MPRISOptions?, autoUpdate settings: LibraryAutoUpdate.Settings?
  ) async throws -> PlayerService {
    let (stream, quit) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let backend = PlayerBackend(player: player, library: library, onShutdown: { quit.yield() })
    var configuration = MPDServer.Configuration(unixSocketPath: socketPath, tcpPort: listening.port, password: password)
    configuration.tcpAddress = listening.address
    configuration.tcpIsOptional = !listening.required
    let server = MPDServer(backend: backend, configuration: configuration)
    // On the bus before the socket is served (unless the bus is slower than MPRISService.startWait): once
    // `tunes play --daemon` sees the socket, MPRIS is there too.
    var bus: MPRISService?
    if let mpris {
      bus = await MPRISService.start(player: player, backend: backend, cacheFolder: mpris.cacheFolder, report: mpris.report)
    }
    do {
      try await server.start()
    } catch {
      bus?.stop()
      throw error
    }
    var autoUpdate: LibraryAutoUpdate?
    if let settings {
      autoUpdate = await LibraryAutoUpdate(backend: backend, settings: settings) { StandardError.print("tunes: \($0)") }
    }
    // SIGTERM and SIGHUP end the player the way `tunes quit` does: socket removed, state saved.
    let sources = [SIGTERM, SIGHUP].map { number -> DispatchSourceSignal in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { quit.yield() }
      source.resume()
      return source
    }
    return PlayerService(
      server: server, mpris: bus, quitRequests: stream, signalSources: sources, autoUpdate: autoUpdate)
  }

  /// Returns at the first quit request.
  func waitForQuit() async {
    for await _ in quitRequests { return }
  }

  func stop() {
    for source in signalSources { source.cancel() }
    mpris?.stop()
    autoUpdate?.stop()
    server.stop()
  }
}

/// How MPRIS is served: where embedded covers are written, and where its one line goes when it is off.
struct MPRISOptions: Sendable {
  var cacheFolder: String
  var report: @Sendable (String) -> Void
}
