// MPD clients with no set-up: a player also listens on loopback TCP at mpd's port, so plain `mpc`
// (libmpdclient: /run/mpd/socket, then localhost:6600) reaches it; a port some mpd holds is said once in
// the log and the player serves its socket alone; `[mpd] tcp = false` keeps it off; `[mpd] password`
// guards that port. The port is moved off 6600 (TUNES_MPD_PORT, [mpd] port) so that these run beside a
// real mpd, and a real private mpd holds the port in the taken case.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent && FileManager.default.isExecutableFile(atPath: "/usr/bin/mpd")), .serialized)
struct MPDDefaultPortTests {
  /// A home whose player takes its port from config.toml (`body` is the [mpd] section), not from the
  /// TUNES_MPD_PORT=off every other test uses.
  private func home(mpd body: String) throws -> PlayerHome {
    let home = try PlayerHome()
    home.extraEnvironment = ["TUNES_MPD_PORT": ""]
    let folder = home.root + "/config/tunes"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    #expect(
      FileManager.default.createFile(
        atPath: folder + "/config.toml", contents: Data("[mpd]\n\(body)\n".utf8), attributes: [.posixPermissions: 0o600]))
    try home.makeSong("a.mp3", title: "Alpha", artist: "Anna", album: "One", seconds: 30)
    return home
  }

  /// mpc with no MPD_HOST: what a new user types.
  private func plainMpc(_ home: PlayerHome, _ arguments: [String]) async throws -> ToolResult {
    var plain = home.environment
    plain["MPD_HOST"] = nil
    let env = plain
    return try await offPool { try runProcess("/usr/bin/mpc", arguments, environment: env) }
  }

  @Test func configuredPortServesMpcWithoutMPDHost() async throws {
    let port = try freeLoopbackPort()
    let home = try home(mpd: "port = \(port)")
    try #require(try await home.tunes("index", home.music).status == 0)
    let pid = try await home.startDaemon(["--device", "null"])
    let status = try await plainMpc(home, ["-p", "\(port)", "status"])
    #expect(status.status == 0, "\(status.err)")
    #expect(status.out.hasPrefix("Anna - Alpha\n"), "\(status.out)")
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(10) { PlayerHome.ended(pid) })
  }

  /// The same through the environment, and `[mpd] password` applies to the port nobody asked for.
  @Test func environmentPortIsGuardedByThePassword() async throws {
    let port = try freeLoopbackPort()
    let home = try home(mpd: "password = \"sesame\"")
    home.extraEnvironment = ["TUNES_MPD_PORT": "\(port)"]
    try #require(try await home.tunes("index", home.music).status == 0)
    let pid = try await home.startDaemon(["--device", "null"])
    let refused = try await plainMpc(home, ["-p", "\(port)", "status"])
    #expect(refused.status != 0 && refused.err.contains("permission"), "\(refused.out) \(refused.err)")
    let allowed = try await plainMpc(home, ["-h", "sesame@127.0.0.1", "-p", "\(port)", "status"])
    #expect(allowed.status == 0 && allowed.out.hasPrefix("Anna - Alpha\n"), "\(allowed.out) \(allowed.err)")
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(10) { PlayerHome.ended(pid) })
  }

  @Test func settingTurnsTCPOff() async throws {
    let port = try freeLoopbackPort()
    let home = try home(mpd: "port = \(port)\ntcp = false")
    try #require(try await home.tunes("index", home.music).status == 0)
    let pid = try await home.startDaemon(["--device", "null"])
    let refused = try await plainMpc(home, ["-p", "\(port)", "status"])
    #expect(refused.status != 0, "\(refused.out)")
    #expect(try await home.mpc("status").status == 0)  // its socket still serves
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(10) { PlayerHome.ended(pid) })
  }

  /// A real mpd holds the port: tunes starts, says so once in its log, keeps its socket, and the port
  /// still answers as mpd (an empty queue, where tunes' holds a song).
  @Test func portTakenByMpdIsSaidAndTheSocketKept() async throws {
    let port = try freeLoopbackPort()
    let home = try home(mpd: "port = \(port)")
    let mpdFolder = home.root + "/mpd"
    try FileManager.default.createDirectory(atPath: mpdFolder + "/playlists", withIntermediateDirectories: true)
    let conf = """
      music_directory "\(home.music)"
      playlist_directory "\(mpdFolder)/playlists"
      db_file "\(mpdFolder)/database"
      log_file "\(mpdFolder)/log"
      pid_file "\(mpdFolder)/pid"
      bind_to_address "127.0.0.1"
      port "\(port)"
      audio_output {
        type "null"
        name "null"
      }
      """
    try conf.write(toFile: mpdFolder + "/mpd.conf", atomically: true, encoding: .utf8)
    let mpd = try ChildProcess.start("/usr/bin/mpd", ["--no-daemon", mpdFolder + "/mpd.conf"], environment: home.environment)
    defer { mpd.stop() }
    #expect(
      try await home.waitFor(30) {
        (try? runProcess("/usr/bin/mpc", ["-h", "127.0.0.1", "-p", "\(port)", "version"], environment: [:]))?.status == 0
      }, "mpd did not start: \(mpd.errors)")

    try #require(try await home.tunes("index", home.music).status == 0)
    let pid = try await home.startDaemon(["--device", "null"])
    let log = try String(contentsOfFile: home.logPath, encoding: .utf8)
    #expect(
      log.components(separatedBy: "127.0.0.1:\(port) is taken by another program").count == 2
        && log.contains("MPD_HOST=\(home.socket)"), "\(log)")
    #expect(try await home.mpc("playlist").out == "Anna - Alpha\n")  // tunes, on its socket
    let other = try await plainMpc(home, ["-p", "\(port)", "playlist"])
    #expect(other.status == 0 && other.out.isEmpty, "\(other.out) \(other.err)")  // mpd's empty queue
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(10) { PlayerHome.ended(pid) })
  }

  /// The port asked for on the command line is not given up: taken, it is an error.
  @Test func askedPortTakenIsAnError() async throws {
    let home = try home(mpd: "")
    let holder = try ListeningSocket()
    try #require(try await home.tunes("index", home.music).status == 0)
    let refused = try await home.tunes("play", "--daemon", "--device", "null", "--mpd-port", "\(holder.port)")
    #expect(refused.status != 0 && refused.err.contains("127.0.0.1:\(holder.port)"), "\(refused.out) \(refused.err)")
  }

  /// Plain `mpc status`, no MPD_HOST and no port, when this machine has no mpd of its own: the default.
  @Test(
    .enabled(if: !FileManager.default.fileExists(atPath: "/run/mpd/socket") && loopbackPortIsFree(6600)))
  func defaultPortServesPlainMpc() async throws {
    let home = try home(mpd: "")
    try #require(try await home.tunes("index", home.music).status == 0)
    let pid = try await home.startDaemon(["--device", "null"])
    let status = try await plainMpc(home, ["status"])
    #expect(status.status == 0 && status.out.hasPrefix("Anna - Alpha\n"), "\(status.out) \(status.err)")
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(10) { PlayerHome.ended(pid) })
  }
}

/// Whether nothing listens on 127.0.0.1:`port` right now.
func loopbackPortIsFree(_ port: Int) -> Bool {
  guard let holder = try? ListeningSocket(port: port) else { return false }
  _ = holder
  return true
}

/// A loopback TCP socket listening while it lives (a port some other program holds).
final class ListeningSocket {
  let fd: Int32
  let port: Int

  init(port: Int = 0) throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && listen(fd, 4) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard bound else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    self.fd = fd
    self.port = Int(UInt16(bigEndian: address.sin_port))
  }

  deinit { close(fd) }
}
