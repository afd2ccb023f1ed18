// End to end: the saved session comes back with every start, as MPD's state file does. A daemon ended by
// `tunes quit` or killed with SIGKILL while playing, paused or stopped starts again (plain `tunes play
// --daemon`, no query) in that same state, on the same song near the same position, with its volume and
// modes; `tunes play` against a running player starts its queue instead of replacing it; `--pace max`
// counts nothing.
import Foundation
import Testing
import TunesTestSupport

@Suite(
  .enabled(if: playerToolsPresent && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")), .serialized)
struct PlayerRestartTests {
  private func homeWithSongs(seconds: Double = 30) async throws -> PlayerHome {
    let home = try PlayerHome()
    try home.makeSong("1 alder.mp3", title: "Alder", artist: "Una", album: "Trees", seconds: seconds)
    try home.makeSong("2 birch.mp3", title: "Birch", artist: "Una", album: "Trees", seconds: seconds)
    try home.makeSong("3 cedar.mp3", title: "Cedar", artist: "Una", album: "Trees", seconds: seconds)
    try #require(try await home.tunes("index", home.music).status == 0)
    return home
  }

  private func title(_ status: [String: Any]) -> String? {
    (status["song"] as? [String: Any])?["title"] as? String
  }

  /// Waits until the running player is past `ms` into its song.
  private func waitForElapsed(_ home: PlayerHome, atLeast ms: Int) async throws -> Bool {
    try await home.waitFor(10) {
      let out = (try? runProcess(builtTunes!, ["status", "--json"], environment: home.environment).out) ?? ""
      let json = (try? JSONSerialization.jsonObject(with: Data(out.utf8))) as? [String: Any]
      return (json?["elapsedMs"] as? Int ?? 0) >= ms
    }
  }

  /// Why the saved state could not be read this time (SQLite busy while the player writes, say).
  private struct UnreadableState: Error { let why: String }

  /// The play state row the player saved in the library, read as another program would; throws (without
  /// failing the test) when the read fails, so that a wait can try again.
  private func savedState(_ home: PlayerHome) throws -> (state: String, positionMs: Int) {
    let result = try runProcess(
      "/usr/bin/python3",
      [
        "-c",
        "import sqlite3,sys; r=sqlite3.connect(sys.argv[1]).execute('SELECT state, positionMs FROM playerState').fetchone(); print(*(r or ('none', 0)))",
        home.environment["TUNES_DB"]!,
      ], environment: home.environment)
    guard result.status == 0 else { throw UnreadableState(why: result.err) }
    let words = result.out.split(separator: " ")
    return (words.first.map(String.init) ?? "", Int(words.last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0)
  }

  @Test(arguments: ["play", "pause", "stop"], ["quit", "kill"])
  func aRestartBringsTheSessionBackAsItWas(state: String, ending: String) async throws {
    let home = try await homeWithSongs()
    let pid = try await home.startDaemon(["--device", "null"])
    for command in [["volume", "37"], ["repeat", "on"], ["consume", "on"], ["play", "2"]] {
      let result = try await home.mpc(command[0], command[1])
      try #require(result.status == 0, "mpc \(command): \(result.err)")
    }
    #expect(try await waitForElapsed(home, atLeast: 1_200))
    if state != "play" { #expect(try await home.mpc(state).status == 0) }
    // Until the library holds the new state (a pause or stop is written after a short settling time) and,
    // while playing, a position saved past 1.2 s (the position is saved every 2 s while it plays).
    let stored = ["play": "playing", "pause": "paused", "stop": "stopped"][state]!
    #expect(
      try await home.waitFor(60) {
        guard let row = try? savedState(home) else { return false }
        return row.state == stored && (state != "play" || row.positionMs >= 1_200)
      })
    // Taken before the status is asked: the song cannot have played on for longer than this since.
    let beforeAt = Date()
    let before = try await statusJSON(home)
    #expect(before["state"] as? String == state)
    // Read before the end: a later save only moves it on.
    let savedOnDisk = try await offPool { () -> Int in
      // A read that meets the player writing is tried again.
      let deadline = Date().addingTimeInterval(60)
      while Date() < deadline {
        if let row = try? savedState(home) { return row.positionMs }
        Thread.sleep(forTimeInterval: 0.05)
      }
      return try savedState(home).positionMs
    }
    if ending == "quit" {
      #expect(try await home.tunes("quit").status == 0)
    } else {
      kill(pid, SIGKILL)
    }
    #expect(try await home.waitFor(10) { PlayerHome.ended(pid) })

    let again = try await home.startDaemon(["--device", "null"])
    #expect(again != pid)
    let after = try await statusJSON(home)
    #expect(after["state"] as? String == state, "\(after)")
    #expect(title(after) == "Birch", "\(after)")
    #expect(after["queueLength"] as? Int == 3)
    #expect(after["volume"] as? Int == 37)
    #expect(after["repeat"] as? String == "all")
    #expect(after["consume"] as? Bool == true)
    #expect(after["shuffle"] as? Bool == false)
    let saved = before["elapsedMs"] as? Int ?? 0
    let restored = after["elapsedMs"] as? Int ?? 0
    switch state {
    case "pause":
      // Paused: saved where it was heard, and it stays there.
      #expect(abs(restored - saved) <= 300, "saved \(saved) ms, restored \(restored) ms")
    case "play":
      // Playing on from the saved position: at least where the library last had it before the end (after
      // SIGKILL that is up to one save interval behind what was heard, whatever the time the kill took).
      #expect(restored >= savedOnDisk, "saved \(savedOnDisk) ms, restored \(restored) ms")
      // And never ahead of where it was plus the time that has passed (the player plays on after its
      // restart; on a busy machine the restart and the status take seconds).
      let passed = Int(Date().timeIntervalSince(beforeAt) * 1000)
      #expect(restored <= saved + passed + 1_000, "saved \(saved) ms, restored \(restored) ms, \(passed) ms later")
    default:
      // Stopped, as in MPD, has no position.
      #expect(after["elapsedMs"] == nil || restored == 0, "\(after)")
    }
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(10) { PlayerHome.ended(again) })
  }

  /// Without `--daemon`, `tunes play` with no query plays the saved queue on from where it was, even a
  /// paused one; `--shuffle` and `--repeat` change the saved modes only when given.
  @Test func aForegroundPlayPlaysTheSavedQueueOn() async throws {
    let home = try await homeWithSongs()
    let pid = try await home.startDaemon(["--device", "null", "--repeat", "one", "cedar"])
    #expect(try await home.mpc("volume", "21").status == 0)
    #expect(try await waitForElapsed(home, atLeast: 1_000))
    #expect(try await home.mpc("pause").status == 0)
    let saved = try await statusJSON(home)["elapsedMs"] as? Int ?? 0
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(10) { PlayerHome.ended(pid) })

    let child = try ChildProcess.start(
      try #require(builtTunes), ["play", "--device", "null", "--shuffle"], environment: home.environment)
    defer { child.stop() }
    #expect(try await home.waitFor(10) { FileManager.default.fileExists(atPath: home.socket) })
    let status = try await statusJSON(home)
    #expect(status["state"] as? String == "play", "\(status)")
    #expect(title(status) == "Cedar")
    #expect(status["queueLength"] as? Int == 1)
    #expect((status["elapsedMs"] as? Int ?? 0) >= saved)
    #expect(status["volume"] as? Int == 21)
    #expect(status["repeat"] as? String == "one")
    #expect(status["shuffle"] as? Bool == true)
    child.kill(SIGINT)
    #expect(await child.wait() == 130, "\(child.errors)")
  }

  /// `tunes play` with no query against a running player starts its queue (as `mpc play`), never
  /// replacing it with the library; with a query it replaces it.
  @Test func playWithNoQueryStartsTheRunningPlayersQueue() async throws {
    let home = try await homeWithSongs()
    let pid = try await home.startDaemon(["--device", "null", "birch"])
    #expect(try await home.mpc("pause").status == 0)
    let resumed = try await home.tunes("play")
    #expect(resumed.status == 0, "\(resumed.err)")
    #expect(resumed.out.contains("1 song"), "\(resumed.out)")
    var status = try await statusJSON(home)
    #expect(status["state"] as? String == "play")
    #expect(status["queueLength"] as? Int == 1)
    #expect(title(status) == "Birch")

    // An empty running queue is filled with the library, as before.
    #expect(try await home.mpc("clear").status == 0)
    #expect(try await home.tunes("play").status == 0)
    status = try await statusJSON(home)
    #expect(status["queueLength"] as? Int == 3)
    #expect(status["state"] as? String == "play")
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(10) { PlayerHome.ended(pid) })
  }

  /// A query replaces the saved queue; `--add` appends to it and the session goes on where it was.
  @Test func aQueryReplacesTheSavedQueueAndAddAppendsToIt() async throws {
    let home = try await homeWithSongs()
    let first = try await home.startDaemon(["--device", "null", "alder"])
    #expect(try await waitForElapsed(home, atLeast: 800))
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(10) { PlayerHome.ended(first) })

    let second = try await home.startDaemon(["--device", "null", "--add", "birch"])
    var status = try await statusJSON(home)
    #expect(status["queueLength"] as? Int == 2)
    #expect(title(status) == "Alder")
    #expect((status["elapsedMs"] as? Int ?? 0) >= 800)
    #expect(status["state"] as? String == "play")
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(10) { PlayerHome.ended(second) })

    let third = try await home.startDaemon(["--device", "null", "cedar"])
    status = try await statusJSON(home)
    #expect(status["queueLength"] as? Int == 1)
    #expect(title(status) == "Cedar")
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(10) { PlayerHome.ended(third) })
  }

  /// `--seed` reproduces its shuffle pass on a new queue even when the saved session was shuffling.
  @Test func aSeedReproducesItsPassOverASavedShufflingSession() async throws {
    let home = try await homeWithSongs(seconds: 0.5)
    for name in ["dogwood", "elm", "fir"] {
      try home.makeSong("4 \(name).mp3", title: name.capitalized, artist: "Una", album: "Trees", seconds: 0.5)
    }
    try #require(try await home.tunes("index", home.music).status == 0)
    let arguments = ["play", "--device", "null", "--pace", "max", "--shuffle", "--seed", "9", "una"]
    let first = try await home.tunes(arguments: arguments)
    let second = try await home.tunes(arguments: arguments)
    #expect(first.status == 0 && second.status == 0, "\(first.err)\(second.err)")
    #expect(first.out.split(separator: "\n").count == 6, "\(first.out)")
    #expect(second.out == first.out)
  }

  /// A run at `--pace max` renders the queue without anyone hearing it: no play count, no queued listen.
  @Test func playingAtMaximumPaceCountsNothing() async throws {
    let home = try await homeWithSongs(seconds: 1)
    let played = try await home.tunes("play", "--device", "null", "--pace", "max")
    #expect(played.status == 0, "\(played.err)")
    #expect(played.out == "Una – Alder · Trees\nUna – Birch · Trees\nUna – Cedar · Trees\n")
    let stats = try await home.tunes("stats", "--json")
    let figures = try #require(try JSONSerialization.jsonObject(with: Data(stats.out.utf8)) as? [String: Any], "\(stats.err)")
    #expect(figures["totalPlays"] as? Int == 0)
    let listens = try await home.tunes("lb", "status", "--json")
    let queue = try #require(try JSONSerialization.jsonObject(with: Data(listens.out.utf8)) as? [String: Any], "\(listens.err)")
    #expect(queue["pending"] as? Int == 0)
  }

  /// A daemon at `--pace max` with a ListenBrainz account sends nothing: no playing_now, no listen.
  @Test func playingAtMaximumPaceSendsNoPlayingNow() async throws {
    let server = try await offPool { try FakeListenBrainz() }
    let home = try await homeWithSongs(seconds: 1)
    home.extraEnvironment = ["TUNES_LISTENBRAINZ_URL": server.url, "TUNES_LISTENBRAINZ_TOKEN": server.token]
    let pid = try await home.startDaemon(["--device", "null", "--pace", "max"])
    #expect(
      try await home.waitFor(10) {
        (try? runProcess("/usr/bin/mpc", ["status"], environment: home.environment).out)?.contains("[playing]") == false
      })
    // The submitter runs in the daemon: a playing_now would have gone out by now.
    try await offPool { Thread.sleep(forTimeInterval: 1.5) }
    #expect(try await offPool { try server.call("/__requests")["count"] as? Int } == 0)
    let stats = try await home.tunes("stats", "--json")
    let figures = try #require(try JSONSerialization.jsonObject(with: Data(stats.out.utf8)) as? [String: Any], "\(stats.err)")
    #expect(figures["totalPlays"] as? Int == 0)
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(10) { PlayerHome.ended(pid) })
  }
}
