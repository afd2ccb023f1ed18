// End to end: the full-screen UI in a tmux pane of fixed size, on a real player (ALSA's null device),
// read as a person sees it: every view at 200 and at 40 columns, keys acting on the player (checked with
// `tunes status`), a change made with mpc appearing, a resize, the help, search as you type, a warning
// on the message line and nowhere else, a key changed in config.toml, and both ways out (`tunes ui`
// leaves the player playing; `tunes play`'s UI quits it, or `d` leaves it in the background).
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent && tmuxInstalled), .serialized)
struct FullScreenUITests {
  /// Three songs of two artists and two albums, indexed.
  static func library() async throws -> PlayerHome {
    let home = try PlayerHome()
    try home.makeSong("A/1 morning.mp3", title: "Morning", artist: "Anna", album: "Day", seconds: 60)
    try home.makeSong("A/2 noon.mp3", title: "Noon", artist: "Anna", album: "Day", seconds: 60)
    try home.makeSong("B/1 night.mp3", title: "Night", artist: "Bert", album: "Dark", seconds: 60)
    let indexed = try await home.tunes("index", home.music)
    try #require(indexed.status == 0, "index: \(indexed.err)")
    return home
  }

  func elapsedMs(_ home: PlayerHome) throws -> Int {
    let result = try runProcess(try #require(builtTunes), ["status", "--json"], environment: home.environment)
    let status = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
    return status?["elapsedMs"] as? Int ?? -1
  }

  func state(_ home: PlayerHome) async throws -> String? {
    try await statusJSON(home)["state"] as? String
  }

  @Test func attachedUIShowsAndControlsThePlayerAndLeavesItPlaying() async throws {
    let home = try await Self.library()
    _ = try await home.startDaemon(["--device", "null", "--pace", "realtime"])
    let pane = try TmuxPane(home: home, command: [try #require(builtTunes), "ui"], width: 200, height: 30)

    // The library view: album artists, the first one's albums; the now-playing bar.
    try await pane.expectShows("1 Library", "Album artists", "Anna", "Bert", "Day", "Morning — Anna", "▶")
    // cmus keys act on the player, and the screen follows it.
    try pane.send("c")
    try await pane.expectShows("‖")
    #expect(try await state(home) == "pause")
    try pane.send("c")
    try await pane.expectShows("▶ ")
    #expect(try await state(home) == "play")
    try pane.send("b")
    try await pane.expectShows("Noon — Anna")
    try pane.send("z")
    try await pane.expectShows("Morning — Anna")
    #expect(TmuxPane.hasColour(try pane.styled()))

    // A click on the middle of the progress bar (row 29, from column 3 to about 170) seeks there.
    #expect(try elapsedMs(home) < 20_000)
    try pane.type("\u{1B}[<0;88;29M\u{1B}[<0;88;29m")
    #expect(try await home.waitFor(10) { try elapsedMs(home) > 20_000 })

    // The queue in play order, the current song marked; `a` on an artist appends its songs.
    try pane.send("3")
    try await pane.expectShows("Queue (3)", "▶ Anna")
    try pane.send("1", "j", "a")
    try await pane.expectShows("added 1 song")
    try pane.send("3")
    try await pane.expectShows("Queue (4)")
    #expect(try await statusJSON(home)["queueLength"] as? Int == 4)
    // D removes the selected entry (the last, after G).
    try pane.send("G", "D")
    try await pane.expectShows("Queue (3)")
    #expect(try await statusJSON(home)["queueLength"] as? Int == 3)

    // The command line runs tunes' own commands.
    try pane.type(":volume 50")
    try pane.send("Enter")
    try await pane.expectShows("vol 50%")
    #expect(try await statusJSON(home)["volume"] as? Int == 50)

    // A change made elsewhere (mpc) appears without a key.
    #expect(try await home.mpc("random", "on").status == 0)
    try await pane.expectShows("shuffle")

    // Search as you type, with the query language.
    try pane.send("/")
    try pane.type("noo")
    try await pane.expectShows("Search: noo", "1 found", "Noon")
    try pane.send("Escape")
    try pane.type("/artist:bert")
    try await pane.expectShows("1 found", "Night")
    try pane.send("Escape")

    for (key, texts) in [
      ("2", ["Songs (3)", "Morning", "Night"]), ("4", ["Playlists (0)"]), ("6", ["Song details", "File:"]),
      ("7", ["ListenBrainz", "pending: 0"]),
    ] {
      try pane.send(key)
      let (shown, screen) = try await pane.waitFor { rows in texts.allSatisfy { text in rows.contains { $0.contains(text) } } }
      #expect(shown, "view \(key) at 200 columns:\n\(screen)")
    }

    // The help lists every binding; Esc closes it.
    try pane.send("?")
    try await pane.expectShows("Keys (Esc closes", "pause / resume", "ctrl-d")
    try pane.send("Escape")
    let (closed, _) = try await pane.waitFor { rows in !rows.contains { $0.contains("Keys (Esc closes") } }
    #expect(closed)

    // 40 × 10: everything reflows at once, and every view still fits.
    try pane.resize(width: 40, height: 10)
    let (narrow, small) = try await pane.waitFor { rows in rows.count >= 10 && rows[0].hasPrefix(" 1L ") }
    #expect(narrow, "after resize:\n\(small)")
    for (key, text) in [
      ("1", "Anna"), ("2", "Songs (3)"), ("3", "Queue (3)"), ("4", "Playlists"), ("5", "Search: artist:bert"),
      ("6", "Song details"),
      ("7", "ListenBrainz"),
    ] {
      try pane.send(key)
      let (shown, screen) = try await pane.waitFor { rows in rows.contains { $0.contains(text) } }
      #expect(shown, "view \(key) at 40 columns:\n\(screen)")
      // The now-playing bar keeps its time on the second row from the bottom.
      #expect(try pane.screen()[8].contains("/ 1:00"), "view \(key) at 40 columns:\n\(screen)")
    }

    // Ctrl-L redraws; q leaves the UI and the player plays on.
    try pane.send("C-l")
    try await pane.expectShows("ListenBrainz")
    try pane.send("q")
    try await pane.expectShows("[exited 0]")
    #expect(try await state(home) == "play")
    _ = try await home.tunes("quit")
  }

  @Test func playOpensTheUIWithConfiguredKeysAndWarningsOnTheMessageLine() async throws {
    let home = try await Self.library()
    // A song whose file no longer decodes: the player skips it and says so.
    try home.makeSong("0/0 broken.mp3", title: "Broken", artist: "Aaron", album: "Zero", seconds: 1)
    try #require(try await home.tunes("index", home.music).status == 0)
    try Data(repeating: 0, count: 8192).write(to: URL(fileURLWithPath: home.music + "/0/0 broken.mp3"))
    try FileManager.default.createDirectory(atPath: home.root + "/config/tunes", withIntermediateDirectories: true)
    try "[keys]\npause = \"y\"\n".write(toFile: home.root + "/config/tunes/config.toml", atomically: true, encoding: .utf8)

    let binary = try #require(builtTunes)
    let pane = try TmuxPane(home: home, command: [binary, "play", "--device", "null"], width: 120, height: 20)
    defer { _ = try? runProcess(binary, ["quit"], environment: home.environment) }
    let (warned, screen) = try await pane.waitFor { rows in
      rows.count >= 20 && rows[19].contains("skipped") && rows[19].contains("broken")
    }
    #expect(warned, "no warning on the message line:\n\(screen)")
    // On the message line only: nothing scribbled over the drawing.
    #expect(try pane.screen().prefix(19).allSatisfy { !$0.contains("skipped") })

    // The key from config.toml pauses; the default it replaced does nothing now.
    try pane.send("y")
    try await pane.expectShows("‖")
    #expect(try await state(home) == "pause")
    try pane.send("c")
    try await Task.sleep(nanoseconds: 500_000_000)
    #expect(try await state(home) == "pause")

    // `d` leaves the player in the background and says how to come back.
    try pane.send("d")
    try await pane.expectShows("tunes ui", "[exited 0]")
    #expect(try await state(home) == "pause")

    // `tunes ui` comes back to the same player, paused as it was left.
    let again = try TmuxPane(home: home, command: [binary, "ui"], width: 80, height: 15)
    try await again.expectShows("‖", "Album artists")
    try again.send("q")
    try await again.expectShows("[exited 0]")
    #expect(try await state(home) == "pause")
  }

  @Test func quittingPlaysUIQuitsItsPlayer() async throws {
    let home = try await Self.library()
    home.extraEnvironment["NO_COLOR"] = "1"
    let binary = try #require(builtTunes)
    let pane = try TmuxPane(home: home, command: [binary, "play", "--device", "null"], width: 80, height: 15)
    defer { _ = try? runProcess(binary, ["quit"], environment: home.environment) }
    try await pane.expectShows("Morning — Anna", "▶")
    #expect(try await state(home) == "play")
    // NO_COLOR: no colour, and the selection still stands out in reverse.
    let styled = try pane.styled()
    #expect(!TmuxPane.hasColour(styled) && styled.contains("7m"), "\(styled)")
    try pane.send("q")
    try await pane.expectShows("[exited 0]")
    let gone = try await home.tunes("status")
    #expect(gone.status != 0 && gone.err.contains("no tunes player is running"))
  }

  @Test func theUIStaysOpenWhenTheQueueEnds() async throws {
    let home = try PlayerHome()
    try home.makeSong("short.mp3", title: "Short", artist: "Cleo", album: "S", seconds: 0.5)
    try #require(try await home.tunes("index", home.music).status == 0)
    let binary = try #require(builtTunes)
    let pane = try TmuxPane(home: home, command: [binary, "play", "--device", "null"], width: 80, height: 12)
    defer { _ = try? runProcess(binary, ["quit"], environment: home.environment) }
    // Played to its end: stopped, and the screen is still there, saying so.
    try await pane.expectShows("■", "Stopped")
    #expect(try await state(home) == "stop")
    #expect(try !pane.text().contains("[exited"))
    try pane.send("q")
    try await pane.expectShows("[exited 0]")
  }

  @Test func anUnknownActionInConfigIsAnErrorNamingTheLine() async throws {
    let home = try PlayerHome()
    try FileManager.default.createDirectory(atPath: home.root + "/config/tunes", withIntermediateDirectories: true)
    try "[keys]\nnext = \"b\"\npasue = \"c\"\n".write(
      toFile: home.root + "/config/tunes/config.toml", atomically: true, encoding: .utf8)
    let result = try await home.tunes("ui")
    #expect(result.status != 0)
    #expect(result.err.contains("config.toml:3: unknown action \"pasue\" in [keys] (did you mean pause?)"), "\(result.err)")
  }
}
