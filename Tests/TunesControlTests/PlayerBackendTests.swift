// The real backend (Player + Library + PlaylistStore) behind a real socket, driven by Debian's mpc:
// what a stock MPD client asks is what the Player does and what the library and playlists hold.
import Foundation
import Testing
import TunesLibrary
import TunesMPD

@testable import TunesControl
@testable import TunesPlayer

@Suite(.enabled(if: toolsPresent))
struct PlayerBackendTests {
  @Test func mpcDrivesTheRealPlayer() async throws {
    let p = try await LivePlayer.start()
    defer { Task { await p.stop() } }
    #expect(try await p.mpc("add", "Alpha").status == 0)
    #expect(try await p.mpc("playlist").output == "Alpha - One\nAlpha - Two\nAlpha - Three\n")
    let playing = try await p.mpc("play", "2").output
    #expect(playing.hasPrefix("Alpha - Two\n[playing] #2/3"))
    #expect(await p.player.status().state == .playing)
    #expect(await p.player.status().song?.title == "Two")

    let paused = try await p.mpc("pause").output
    #expect(paused.contains("[paused]  #2/3"))
    #expect(await p.player.status().state == .paused)
    // Paused means the position stands still.
    let before = await p.player.status().elapsedMs
    try await Task.sleep(nanoseconds: 300_000_000)
    #expect(await p.player.status().elapsedMs == before)

    #expect(try await p.mpc("play").status == 0)
    #expect(await p.player.status().state == .playing)
    #expect(try await p.mpc("next").output.hasPrefix("Alpha - Three\n[playing] #3/3"))
    #expect(try await p.mpc("prev").output.hasPrefix("Alpha - Two\n"))
    #expect(try await p.mpc("seek", "0:20").status == 0)
    let elapsed = await p.player.status().elapsedMs
    #expect(elapsed >= 20_000 && elapsed < 22_000)
    #expect(try await p.mpc("status").output.contains("#2/3   0:2"))

    #expect(try await p.mpc("volume", "35").output.contains("volume: 35%"))
    #expect(await p.player.status().volume == 35)
    #expect(try await p.mpc("random", "on").output.contains("random: on"))
    #expect(await p.player.status().random)
    #expect(await p.player.shuffleOrder() != nil)
    #expect(try await p.mpc("repeat", "on").output.contains("repeat: on"))
    #expect(await p.player.status().repeatMode == .all)
    #expect(try await p.mpc("single", "on").output.contains("single: on"))
    #expect(await p.player.status().repeatMode == .one)
    #expect(try await p.mpc("repeat", "off").output.contains("single: on"))
    #expect(await p.player.status().repeatMode == .off)
    #expect(await p.player.status().single)

    #expect(try await p.mpc("clear").status == 0)
    #expect(try await p.mpc("playlist").output == "")
    #expect(await p.player.status().queueLength == 0)
    #expect(await p.player.status().state == .stopped)
  }

  @Test func searchFoldersAndStoredPlaylists() async throws {
    let p = try await LivePlayer.start()
    defer { Task { await p.stop() } }
    #expect(try await p.mpc("search", "title", "fou").output == "Beta/01 four.mp3\n")
    #expect(try MusicFolder.of(p.library).root == p.music)
    #expect(try await p.mpc("ls").output == "Alpha\nBeta\n")
    #expect(try await p.mpc("ls", "Alpha").output == "Alpha/First\nAlpha/Second\n")
    #expect(try await p.mpc("ls", "Alpha/First").output == "Alpha/First/01 one.mp3\nAlpha/First/02 two.mp3\n")
    #expect(try await p.mpc("list", "album").output == "First\nFourth\nSecond\n")
    let missingFolder = try await p.mpc("ls", "Gamma")
    #expect(missingFolder.status != 0 && missingFolder.output.contains("No such directory"))

    _ = try await p.mpc("add", "Beta/02 five.mp3")
    // Absolute paths name songs too.
    _ = try await p.mpc("add", p.music + "/Alpha/Second/01 three.mp3")
    #expect(try await p.mpc("save", "evening").status == 0)
    #expect(try await p.mpc("lsplaylists").output == "evening\n")
    // With the time of its last change, as MPD gives it (clients sort and cache by it).
    let listed = try await p.client { c in try c.run("listplaylists") }
    #expect(listed.map(\.key) == ["playlist", "Last-Modified"], "\(listed)")
    #expect(listed.last?.value.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil, "\(listed)")
    let again = try await p.mpc("save", "evening")
    #expect(again.status != 0 && again.output.contains("already exists"))
    // The playlist is tunes' own: the store sees it with its songs.
    let stored = try await p.backend.playlists.show(name: "evening")
    #expect(stored.entries.map(\.path) == [p.music + "/Beta/02 five.mp3", p.music + "/Alpha/Second/01 three.mp3"])

    #expect(try await p.mpc("clear").status == 0)
    #expect(try await p.mpc("load", "evening").status == 0)
    #expect(try await p.mpc("playlist").output == "Beta - Five\nAlpha - Three\n")
    #expect(try await p.mpc("rm", "evening").status == 0)
    #expect(try await p.mpc("lsplaylists").output == "")
    let missing = try await p.mpc("load", "evening")
    #expect(missing.status != 0 && missing.output.contains("No such playlist"))
    let unknown = try await p.mpc("add", "Gamma/none.mp3")
    #expect(unknown.status != 0 && unknown.output.contains("No such"))
    #expect(await p.player.status().queueLength == 2)
  }

  @Test func updateIndexesInTheBackgroundAndWakesIdleClients() async throws {
    let p = try await LivePlayer.start()
    defer { Task { await p.stop() } }
    let music = p.music
    try await offCooperativePool {
      try makeMP3(music + "/Beta/03 six.mp3", title: "Six", artist: "Beta", album: "Fourth", track: 3)
    }
    try await waitForNoClients(p)
    async let idle = p.mpc("idle", "database")
    try await waitForClients(p, count: 1)
    #expect(try await p.mpc("update", "--wait").status == 0)
    #expect(try await idle.output == "database\n")
    let library = p.library
    #expect(try await offCooperativePool { try library.songs(matching: "six").map(\.title) } == ["Six"])
    #expect(try await p.mpc("search", "title", "six").output == "Beta/03 six.mp3\n")
    let stats = try await p.client { c in MPDClient.dictionary(try c.run("stats")) }
    #expect(stats["songs"] == "6")
  }

  @Test func twoClientsSeeTheSameChange() async throws {
    let p = try await LivePlayer.start()
    defer { Task { await p.stop() } }
    _ = try await p.mpc("add", "Beta")
    try await waitForNoClients(p)
    async let first = p.mpc("idle", "player")
    async let second = p.mpc("idle", "player")
    try await waitForClients(p, count: 2)
    try await p.player.play()
    #expect(try await first.output == "player\n")
    #expect(try await second.output == "player\n")
    // And the mixer and options subsystems come from the Player's own change stream.
    try await waitForNoClients(p)
    async let mixer = p.mpc("idle", "mixer", "options")
    try await waitForClients(p, count: 1)
    await p.player.setVolume(20)
    #expect(try await mixer.output == "mixer\n")
  }

  /// Each command's reply on one connection: "COMMAND: OK" or "COMMAND: " and the ACK.
  static func replies(_ p: LivePlayer, _ commands: [(String, [String])]) async throws -> [String] {
    try await p.client { c -> [String] in
      commands.map { command, arguments in
        do {
          _ = try c.run(command, arguments)
          return "\(command): OK"
        } catch let error {
          return "\(command): \(error)"
        }
      }
    }
  }

  @Test func protocolErrorsFromTheRealBackend() async throws {
    let p = try await LivePlayer.start()
    defer { Task { await p.stop() } }
    let replies = try await Self.replies(
      p,
      [
        ("play", ["9"]), ("seek", ["4", "1"]), ("playid", ["77"]), ("deleteid", ["77"]), ("addid", ["Alpha"]),
        ("rm", ["nothing"]), ("playlistdelete", ["nothing", "0"]), ("playlistclear", ["nothing"]),
      ])
    #expect(replies[0].contains("Bad song index"))
    #expect(replies[1].contains("Bad song index"))
    #expect(replies[2].contains("No such song"))
    #expect(replies[3].contains("No such song"))
    #expect(replies[4].contains("No such song"))
    #expect(replies[5].contains("No such playlist"))
    #expect(replies[6].contains("No such playlist"))
    #expect(replies[7].contains("No such playlist"))
    // A failed update target is refused, not started.
    let update = try await p.mpc("update", "Gamma")
    #expect(update.status != 0)
    #expect(await p.backend.isUpdating == false)
  }

  @Test func outputsErrorsAndSeekingWhileStoppedAnswerAsMPD() async throws {
    let p = try await LivePlayer.start()
    defer { Task { await p.stop() } }
    #expect(try await p.mpc("add", "Alpha").status == 0)
    // Nothing chosen yet: no current song, and so no next one.
    let keys = try await p.client { c in try c.run("status").map(\.0) }
    #expect(!keys.contains("song") && !keys.contains("nextsong") && !keys.contains("nextsongid"), "\(keys)")
    let replies = try await Self.replies(
      p,
      [
        ("seekcur", ["5"]), ("enableoutput", ["0"]), ("enableoutput", ["1"]), ("disableoutput", ["0"]),
        ("toggleoutput", ["0"]), ("clearerror", []),
      ])
    #expect(replies[0].contains("Not playing"), "\(replies)")
    #expect(replies[1] == "enableoutput: OK")
    #expect(replies[2].contains("No such audio output"), "\(replies)")
    #expect(replies[3].contains("cannot be disabled") && replies[4].contains("cannot be disabled"), "\(replies)")
    #expect(replies[5] == "clearerror: OK")
    #expect(await p.player.status().state == .stopped)
    // Playing, the current song's position moves: to the place sought, and on from there by no more than
    // the time since the seek was asked for (mpc's start and exit may take seconds on a loaded machine).
    #expect(try await p.mpc("play", "1").status == 0)
    let asked = ContinuousClock.now
    #expect(try await p.mpc("seek", "0:10").status == 0)
    let elapsed = await p.player.status().elapsedMs
    let since = ContinuousClock.now - asked
    let sinceMs = Int(since.components.seconds) * 1000 + Int(since.components.attoseconds / 1_000_000_000_000_000)
    #expect(elapsed >= 10_000 && elapsed <= 10_000 + sinceMs + 100, "\(elapsed) ms, \(sinceMs) ms after the seek")
  }

  @Test func queueEditsMapOntoThePlayer() async throws {
    let p = try await LivePlayer.start()
    defer { Task { await p.stop() } }
    _ = try await p.mpc("add", "")
    #expect(await p.player.status().queueLength == 5)
    _ = try await p.client { c in try c.run("move", ["0:2", "3"]) }
    #expect(await p.player.queueEntries().map(\.song.title) == ["Three", "Four", "Five", "One", "Two"])
    _ = try await p.client { c in try c.run("move", ["3:5", "0"]) }
    #expect(await p.player.queueEntries().map(\.song.title) == ["One", "Two", "Three", "Four", "Five"])
    _ = try await p.client { c in try c.run("delete", ["1:3"]) }
    #expect(await p.player.queueEntries().map(\.song.title) == ["One", "Four", "Five"])
    let id = try await p.client { c in MPDClient.dictionary(try c.run("addid", ["Alpha/First/02 two.mp3", "0"]))["Id"] }
    #expect(await p.player.queueEntries().first.map { String($0.id) } == id)
    #expect(try await p.mpc("playlist").output == "Alpha - Two\nAlpha - One\nBeta - Four\nBeta - Five\n")
    _ = try await p.client { c in try c.run("kill") }
    #expect(p.shutdowns.value == 1)
  }

  @Test func musicFolderIsTheCommonFolderOfIndexedPaths() throws {
    let folder = MusicFolder(root: "/music/")
    #expect(folder.root == "/music")
    #expect(folder.uri(forPath: "/music/a/b.mp3") == "a/b.mp3")
    #expect(folder.uri(forPath: "/elsewhere/c.mp3") == "/elsewhere/c.mp3")
    #expect(folder.path(forURI: "a/b.mp3") == "/music/a/b.mp3")
    #expect(folder.path(forURI: "/x/y.mp3") == "/x/y.mp3")
    #expect(folder.path(forURI: "a/") == "/music/a")
    #expect(folder.path(forURI: "") == "/music")
    #expect(MusicFolder(root: nil).path(forURI: "a") == nil)
    #expect(MusicFolder(root: "/").uri(forPath: "/a/b.mp3") == "a/b.mp3")
  }
}

/// Waits until `count` clients are connected (idle clients parked). Connected is enough: a session
/// keeps the changes made before its `idle` line is read. A change made before a client connects never
/// reaches it, so the caller first waits for earlier clients to be gone (`waitForNoClients`), which
/// would count here while they close.
func waitForClients(_ p: LivePlayer, count: Int) async throws {
  try #require(await eventually(60, every: .milliseconds(5)) { p.server.clientCount >= count })
}

/// Waits until the clients of earlier commands have closed their connections.
func waitForNoClients(_ p: LivePlayer) async throws {
  try #require(await eventually(60, every: .milliseconds(5)) { p.server.clientCount == 0 })
}
