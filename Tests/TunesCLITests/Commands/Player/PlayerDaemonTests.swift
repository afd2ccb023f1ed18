// End to end: a real `tunes play --daemon` on ALSA's null device, driven by tunes' own commands and by
// Debian's mpc through the same socket; a second `tunes play` hands its queue to the running player.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent), .serialized)
struct PlayerDaemonTests {
  @Test func daemonIsDrivenByTunesCommandsAndMpc() async throws {
    let home = try PlayerHome()
    try await home.index(
      ("A/1 morning.mp3", "Morning", "Anna", "Day", 30),
      ("A/2 noon.mp3", "Noon", "Anna", "Day", 30),
      ("B/1 night.mp3", "Night", "Bert", "Dark", 30))

    let pid = try await home.startDaemon(["--device", "null", "--pace", "realtime"])
    #expect(FileManager.default.fileExists(atPath: home.socket))

    var status = try await statusJSON(home)
    #expect(status["state"] as? String == "play")
    #expect(status["queueLength"] as? Int == 3)
    #expect(status["position"] as? Int == 0)
    #expect((status["song"] as? [String: Any])?["title"] as? String == "Morning")

    #expect(try await home.tunes("pause").status == 0)
    status = try await statusJSON(home)
    #expect(status["state"] as? String == "pause")
    // Paused: the position no longer moves.
    let frozen = status["elapsedMs"] as? Int
    try await offPool { Thread.sleep(forTimeInterval: 0.4) }
    #expect(try await statusJSON(home)["elapsedMs"] as? Int == frozen)

    #expect(try await home.tunes("next").status == 0)
    status = try await statusJSON(home)
    #expect(status["position"] as? Int == 1)
    #expect((status["song"] as? [String: Any])?["title"] as? String == "Noon")

    // mpc and tunes read the same state.
    let mpc = try await home.mpc("status")
    #expect(mpc.status == 0)
    #expect(mpc.out.hasPrefix("Anna - Noon\n"))
    #expect(mpc.out.contains("#2/3"))
    let state = status["state"] as? String == "play" ? "[playing]" : "[paused]"
    #expect(mpc.out.contains(state))

    // A second `tunes play` hands its songs to the running player instead of starting one.
    let replaced = try await home.tunes("play", "night")
    #expect(replaced.status == 0, "\(replaced.err)")
    #expect(replaced.out.contains("1 song"))
    status = try await statusJSON(home)
    #expect(status["queueLength"] as? Int == 1)
    #expect(status["state"] as? String == "play")
    #expect((status["song"] as? [String: Any])?["title"] as? String == "Night")
    let appended = try await home.tunes("play", "--add", "anna")
    #expect(appended.status == 0 && appended.out.contains("added 2 songs"))
    #expect(try await statusJSON(home)["queueLength"] as? Int == 3)
    let nothing = try await home.tunes("play", "zzzz")
    #expect(nothing.status != 0 && nothing.err.contains("no songs match zzzz"))
    #expect(try await statusJSON(home)["queueLength"] as? Int == 3)

    try await home.quit(pid)
    #expect(try await home.waitFor(5) { !FileManager.default.fileExists(atPath: home.socket) })
    let gone = try await home.tunes("status")
    #expect(gone.status != 0 && gone.err.contains("no tunes player is running"))
  }

  @Test func daemonStaysWhenItsQueueEnds() async throws {
    let home = try PlayerHome()
    try await home.index(("short.mp3", "Short", "Cleo", "S", 0.5))
    let pid = try await home.startDaemon(["--device", "null", "--pace", "max"])
    #expect(
      try await home.waitFor(10) {
        (try? runProcess("/usr/bin/mpc", ["status"], environment: home.environment).out)?.contains("[playing]") == false
      })
    // Stopped, and still serving.
    let status = try await statusJSON(home)
    #expect(status["state"] as? String == "stop")
    #expect(!PlayerHome.ended(pid))
    #expect(try String(contentsOfFile: home.logPath, encoding: .utf8).contains("Cleo – Short · S"))
    // SIGTERM ends it like `tunes quit`: the socket is removed.
    kill(pid, SIGTERM)
    #expect(try await home.waitFor(10) { PlayerHome.ended(pid) })
    #expect(!FileManager.default.fileExists(atPath: home.socket))
  }

  /// `tunes quit`, SIGTERM and SIGHUP end a playing daemon cleanly: the socket goes, and the session is
  /// saved where it was heard, so `--resume` continues the song there instead of from 0:00.
  @Test(arguments: ["quit", "TERM", "HUP"]) func aCleanEndKeepsThePositionForResume(how: String) async throws {
    let home = try PlayerHome()
    try await home.index(("birch.mp3", "Birch Road", "Ida", "B", 30))
    let pid = try await home.startDaemon(["--device", "null", "--pace", "realtime"])
    #expect(
      try await home.waitFor(10) {
        let out = (try? runProcess(builtTunes!, ["status", "--json"], environment: home.environment).out) ?? ""
        let json = (try? JSONSerialization.jsonObject(with: Data(out.utf8))) as? [String: Any]
        return (json?["elapsedMs"] as? Int ?? 0) >= 1_500
      })
    let started = Date()
    switch how {
    case "quit": #expect(try await home.tunes("quit").status == 0)
    case "TERM": kill(pid, SIGTERM)
    default: kill(pid, SIGHUP)
    }
    #expect(try await home.waitFor(10) { PlayerHome.ended(pid) })
    // Nothing to wait for at the end: no drain of the device, no settling of the state writer, and
    // surely not the 28 s left of the song (a bound a machine ten times slower still meets).
    #expect(Date().timeIntervalSince(started) < 15, "ending took \(Date().timeIntervalSince(started)) s")
    #expect(!FileManager.default.fileExists(atPath: home.socket))

    let resumed = try await home.startDaemon(["--resume", "--device", "null"])
    let status = try await statusJSON(home)
    #expect((status["song"] as? [String: Any])?["title"] as? String == "Birch Road")
    #expect((status["elapsedMs"] as? Int ?? 0) >= 1_500, "\(status)")
    try await home.quit(resumed)
  }

  /// `--repeat` goes to a running player with the queue; options only a new player can take are refused
  /// (exit 64, nothing sent) instead of being dropped.
  @Test func optionsForARunningPlayerAreSentOrRefused() async throws {
    let home = try PlayerHome()
    try await home.index(
      ("a.mp3", "Ash", "Jo", "J", 30),
      ("b.mp3", "Beech", "Jo", "J", 30))
    let pid = try await home.startDaemon(["--device", "null"])
    let replaced = try await home.tunes("play", "--repeat", "one", "beech")
    #expect(replaced.status == 0, "\(replaced.err)")
    var status = try await statusJSON(home)
    #expect(status["repeat"] as? String == "one")
    #expect(status["queueLength"] as? Int == 1)
    for option in [["--device", "null"], ["--pace", "max"], ["--seed", "4", "--shuffle"]] {
      let refused = try await home.tunes(arguments: ["play"] + option + ["ash"])
      #expect(refused.status == 64, "\(option): \(refused.out) \(refused.err)")
      #expect(refused.err.contains(option[0]) && refused.err.contains("running player"), "\(refused.err)")
    }
    status = try await statusJSON(home)
    #expect((status["song"] as? [String: Any])?["title"] as? String == "Beech")
    try await home.quit(pid)
  }

  @Test func tcpOnLoopbackWithAPassword() async throws {
    let home = try PlayerHome()
    try await home.index(("one.mp3", "Tcp", "Gil", "T", 30))
    let port = try freeLoopbackPort()
    let secret = home.root + "/mpd-password"
    #expect(
      FileManager.default.createFile(atPath: secret, contents: Data("sesame\n".utf8), attributes: [.posixPermissions: 0o600]))
    let pid = try await home.startDaemon(["--device", "null", "--mpd-port", "\(port)", "--mpd-password-file", secret])
    // What `ps` shows of the daemon (the process `--daemon` started) names the file, never the password.
    let arguments = try String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)
    #expect(arguments.contains("--mpd-password-file\u{0}\(secret)") && !arguments.contains("sesame"), "\(arguments)")
    let allowed = try await home.mpc("-h", "sesame@127.0.0.1", "-p", "\(port)", "current")
    #expect(allowed.status == 0 && allowed.out == "Gil - Tcp\n", "\(allowed.out) \(allowed.err)")
    let refused = try await home.mpc("-h", "127.0.0.1", "-p", "\(port)", "current")
    #expect(refused.status != 0 && refused.err.contains("permission"))
    // Loopback only: the port is bound to 127.0.0.1, not to every address.
    let listening = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
    let hexPort = String(format: "%04X", port)
    #expect(listening.contains("0100007F:\(hexPort)"))
    #expect(!listening.contains("00000000:\(hexPort)"))
    try await home.quit(pid)
  }

  @Test func foregroundPlayerExitsWhenItsQueueEndsAndRemovesItsSocket() async throws {
    let home = try PlayerHome()
    try await home.index(
      ("a.mp3", "Fore", "Hal", "F", 0.5),
      ("b.mp3", "Ground", "Hal", "F", 0.5))
    let played = try await home.tunes("play", "--device", "null", "--pace", "max")
    #expect(played.status == 0, "\(played.err)")
    #expect(played.out == "Hal – Fore · F\nHal – Ground · F\n")
    #expect(!FileManager.default.fileExists(atPath: home.socket))
  }

  /// Ctrl-C to a foreground player whose stdout is not a terminal: it ends the orderly way (socket
  /// removed, exit 130) and its stdout holds nothing but the song line.
  @Test func interruptingAForegroundPlayerEndsItCleanly() async throws {
    let home = try PlayerHome()
    try await home.index(("c.mp3", "Cedar", "Kai", "C", 30))
    let child = try ChildProcess.start(try #require(builtTunes), ["play", "--device", "null"], environment: home.environment)
    defer { child.stop() }
    #expect(try await child.readLine() == "Kai – Cedar · C")
    // The Ctrl-C handler is installed before the socket is served: no wait beyond the socket.
    #expect(try await home.waitFor(10) { FileManager.default.fileExists(atPath: home.socket) })
    child.kill(SIGINT)
    #expect(await child.wait() == 130, "\(child.errors)")
    let rest = try await child.readLine(timeout: 1) ?? ""
    #expect(rest.isEmpty, "stdout after the song line: \(rest.debugDescription)")
    #expect(!FileManager.default.fileExists(atPath: home.socket))
  }

  @Test func daemonRefusesAQueryThatMatchesNothing() async throws {
    let home = try PlayerHome()
    try await home.index(("one.mp3", "One", "Dora", "O", 0.5))
    let result = try await home.tunes("play", "--daemon", "--device", "null", "nomatch")
    #expect(result.status != 0)
    #expect(result.err.contains("no songs match nomatch"))
    #expect(!FileManager.default.fileExists(atPath: home.socket))
  }
}

/// A TCP port nothing listens on right now (bound to port 0 and released).
func freeLoopbackPort() throws -> Int {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  defer { close(fd) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
  }
  try #require(bound)
  return Int(UInt16(bigEndian: address.sin_port))
}
