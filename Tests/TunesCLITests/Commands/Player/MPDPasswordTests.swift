// The password of MPD clients on TCP never on a command line: `--mpd-password` is refused with the ways
// that keep it out of `ps`, `[mpd] password` in config.toml guards TCP, and a password file or a
// configuration others can read is refused before any player starts.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent), .serialized)
struct MPDPasswordTests {
  @Test func passwordOnTheCommandLineIsRefused() async throws {
    let home = try PlayerHome()
    let port = try freeLoopbackPort()
    let refused = try await home.tunes(
      "play", "--daemon", "--device", "null", "--mpd-port", "\(port)", "--mpd-password", "sesame")
    #expect(refused.status == 64, "\(refused.out) \(refused.err)")
    #expect(refused.err.contains("[mpd] password") && refused.err.contains("--mpd-password-file"), "\(refused.err)")
    #expect(!FileManager.default.fileExists(atPath: home.socket))
    // A password file with nothing to guard is a mistake too.
    let alone = try await home.tunes("play", "--daemon", "--device", "null", "--mpd-password-file", home.root + "/p")
    #expect(alone.status == 64 && alone.err.contains("--mpd-password-file only guards --mpd-port"), "\(alone.err)")
  }

  @Test func passwordFileOthersCanReadIsRefused() async throws {
    let home = try PlayerHome()
    let secret = home.root + "/mpd-password"
    #expect(FileManager.default.createFile(atPath: secret, contents: Data("sesame".utf8), attributes: [.posixPermissions: 0o640]))
    let port = try freeLoopbackPort()
    let refused = try await home.tunes(
      "play", "--daemon", "--device", "null", "--mpd-port", "\(port)", "--mpd-password-file", secret)
    #expect(refused.status == 77, "\(refused.out) \(refused.err)")
    #expect(refused.err.contains("\(secret) holds the MPD password but others can read it (mode 640)"), "\(refused.err)")
    #expect(!FileManager.default.fileExists(atPath: home.socket))
  }

  @Test func configurationPasswordGuardsTCP() async throws {
    let home = try PlayerHome()
    let folder = home.root + "/config/tunes"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let config = folder + "/config.toml"
    #expect(
      FileManager.default.createFile(
        atPath: config, contents: Data("[mpd]\npassword = \"open-sesame\"\n".utf8), attributes: [.posixPermissions: 0o644]))
    let port = try freeLoopbackPort()
    let open = try await home.tunes("play", "--daemon", "--device", "null", "--mpd-port", "\(port)")
    #expect(open.status == 77 && open.err.contains("chmod 600 \(config)"), "\(open.err)")
    #expect(!FileManager.default.fileExists(atPath: home.socket))

    chmod(config, 0o600)
    let pid = try await home.startDaemon(["--device", "null", "--mpd-port", "\(port)"])
    let allowed = try await home.mpc("-h", "open-sesame@127.0.0.1", "-p", "\(port)", "status")
    #expect(allowed.status == 0, "\(allowed.out) \(allowed.err)")
    let refused = try await home.mpc("-h", "127.0.0.1", "-p", "\(port)", "status")
    #expect(refused.status != 0 && refused.err.contains("permission"), "\(refused.err)")
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(10) { PlayerHome.ended(pid) })
  }
}
