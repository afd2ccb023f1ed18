// A library that updates itself while a player runs: a file copied into the music folder (a new
// folder too) becomes visible to mpc and playable within seconds, with `database` sent to idle clients;
// a deleted one leaves; a file still being written is not indexed until it is whole; a tree with more
// folders than the watches allowed is said once and rescanned at an interval instead.
import Foundation
import Testing
import TunesMPD
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent), .serialized)
struct LibraryAutoUpdateTests {
  private func listAll(_ home: PlayerHome) -> String {
    (try? runProcess("/usr/bin/mpc", ["listall"], environment: home.environment))?.out ?? ""
  }

  private func indexedHome() async throws -> PlayerHome {
    let home = try PlayerHome()
    try home.makeSong("old/a.mp3", title: "Alpha", artist: "Anna", album: "One", seconds: 30)
    // Two folders: the music folder (the common folder of the indexed songs) is `music` itself.
    try home.makeSong("keep/k.mp3", title: "Kappa", artist: "Anna", album: "One", seconds: 5)
    try #require(try await home.tunes("index", home.music).status == 0)
    return home
  }

  /// A song made outside the music folder, to be copied in.
  private func songOutside(_ home: PlayerHome, _ name: String, title: String) throws -> String {
    let saved = home.music
    try home.makeSong("../outside/\(name)", title: title, artist: "Anna", album: "Two", seconds: 20)
    return (saved as NSString).deletingLastPathComponent + "/outside/\(name)"
  }

  @Test func copiedFileIsPlayableAndDeletedOneLeaves() async throws {
    let home = try await indexedHome()
    let made = try songOutside(home, "b.mp3", title: "Beta")
    let pid = try await home.startDaemon(["--device", "null"])
    // An idle client, connected before the copy (its greeting read: the server has taken it, and keeps
    // the change for its idle from then on); a change before it connected would never reach it.
    let socket = home.socket
    let connected = Locked2(false)
    let idle = Task {
      try await offPool { () -> [String] in
        let client = try MPDClient(socketPath: socket, timeoutSeconds: 120)
        connected.set(true)
        return try client.idle(["database"])
      }
    }
    try #require(try await home.waitFor(60) { connected.get() })

    try FileManager.default.createDirectory(atPath: home.music + "/new", withIntermediateDirectories: true)
    let copy = try runProcess("/bin/cp", [made, home.music + "/new/b.mp3"], environment: home.environment)
    try #require(copy.status == 0)
    #expect(try await home.waitFor(30) { listAll(home).contains("new/b.mp3") }, "\(listAll(home))")
    #expect(try await idle.value == ["database"])
    let found = try await home.mpc("search", "title", "Beta")
    #expect(found.out == "new/b.mp3\n", "\(found.out)")
    #expect(try await home.mpc("add", "new/b.mp3").status == 0)
    #expect(try await home.mpc("play", "3").status == 0)  // after the two songs the player started with
    let status = try await home.mpc("status")
    #expect(status.out.hasPrefix("Anna - Beta\n") && status.out.contains("[playing]"), "\(status.out)")

    try FileManager.default.removeItem(atPath: home.music + "/old/a.mp3")
    #expect(try await home.waitFor(30) { !(listAll(home).contains("old/a.mp3")) }, "\(listAll(home))")
    #expect(try await home.mpc("search", "title", "Alpha").out.isEmpty)
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(10) { PlayerHome.ended(pid) })
  }

  @Test func fileBeingWrittenWaitsUntilWhole() async throws {
    let home = try await indexedHome()
    let made = try songOutside(home, "c.mp3", title: "Gamma")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: made))
    let pid = try await home.startDaemon(["--device", "null"])

    let target = home.music + "/old/c.mp3"
    #expect(FileManager.default.createFile(atPath: target, contents: nil))
    let writer = try FileHandle(forWritingTo: URL(fileURLWithPath: target))
    writer.write(bytes.prefix(bytes.count / 2))
    // Several quiet periods pass with the file open and half written: it is not indexed.
    try await offPool { Thread.sleep(forTimeInterval: 4) }
    #expect(!(listAll(home).contains("old/c.mp3")), "\(listAll(home))")
    writer.write(bytes.dropFirst(bytes.count / 2))
    try writer.close()
    #expect(try await home.waitFor(30) { listAll(home).contains("old/c.mp3") }, "\(listAll(home))")
    // Indexed whole: the length of the finished file, as a fresh index of it reads it.
    let length = try await home.mpc("-f", "%time%", "search", "title", "Gamma")
    #expect(length.out == "0:20\n", "\(length.out)")
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(10) { PlayerHome.ended(pid) })
  }

  @Test func treeBeyondTheWatchLimitIsRescanned() async throws {
    let home = try await indexedHome()
    let made = try songOutside(home, "e.mp3", title: "Epsilon")
    let folder = home.root + "/config/tunes"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "[library]\nrescan_interval = 2\n".write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
    home.extraEnvironment = ["TUNES_INOTIFY_WATCH_LIMIT": "2"]  // the music folder and one of its two folders
    let pid = try await home.startDaemon(["--device", "null"])

    let copy = try runProcess("/bin/cp", [made, home.music + "/keep/e.mp3"], environment: home.environment)
    try #require(copy.status == 0)
    #expect(try await home.waitFor(30) { listAll(home).contains("keep/e.mp3") }, "\(listAll(home))")
    let log = try String(contentsOfFile: home.logPath, encoding: .utf8)
    #expect(log.components(separatedBy: "the library is rescanned every 2 s instead").count == 2, "\(log)")
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(10) { PlayerHome.ended(pid) })
  }
}
