// End to end in tmux: stored playlists edited from the UI's keys, each change made through the player's
// MPD commands and checked with mpc (any client sees it): `y` adds the selection to a playlist (a new
// name creates it), `p` moves and `D` removes a song of it, `R` renames, `D` on a playlist asks first,
// `:save` saves the queue; a smart playlist is marked and refuses song edits.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent && tmuxInstalled), .serialized)
struct FullScreenUIPlaylistTests {
  func lines(_ home: PlayerHome, _ arguments: String...) async throws -> [String] {
    let env = home.environment
    let result = try await offPool { try runProcess("/usr/bin/mpc", arguments, environment: env) }
    return result.out.split(separator: "\n").map(String.init)
  }

  @Test func playlistsAreEditedFromTheKeys() async throws {
    let home = try PlayerHome()
    try home.makeSong("A/1 morning.mp3", title: "Morning", artist: "Anna", album: "Day", seconds: 60)
    try home.makeSong("A/2 noon.mp3", title: "Noon", artist: "Anna", album: "Day", seconds: 60)
    try home.makeSong("B/1 night.mp3", title: "Night", artist: "Bert", album: "Dark", seconds: 60)
    try #require(try await home.tunes("index", home.music).status == 0)
    try #require(try await home.tunes("playlist", "create", "Smarty", "--smart", "artist:anna").status == 0)
    _ = try await home.startDaemon(["--device", "null", "--pace", "realtime"])
    defer { _ = try? runProcess(try! #require(builtTunes), ["quit"], environment: home.environment) }
    let pane = try TmuxPane(home: home, command: [try #require(builtTunes), "ui"], width: 120, height: 20)

    // `y` on two songs of the song list: the first makes the playlist, the second joins it.
    try pane.send("2")
    try await pane.expectShows("Songs (3)")
    try pane.send("y")
    try await pane.expectShows("add 1 song to playlist:")
    try pane.type("Road")
    try pane.send("Enter")
    try await pane.expectShows("added 1 song to \"Road\"")
    try pane.send("G", "y")
    try pane.type("Road")
    try pane.send("Enter")
    #expect(
      try await home.waitFor(10) {
        try runProcess("/usr/bin/mpc", ["playlist", "Road"], environment: home.environment).out.split(separator: "\n").count == 2
      })
    let added = try await lines(home, "playlist", "Road")
    #expect(added.count == 2, "\(added)")

    // The playlists view: Road and the smart one, marked.
    try pane.send("4")
    try await pane.expectShows("Playlists (2)", "Road", "Smarty (smart)")
    // Road is first (names sorted): Tab to its songs, `p` moves the first down.
    try pane.send("Tab", "p")
    #expect(
      try await home.waitFor(10) {
        try runProcess("/usr/bin/mpc", ["playlist", "Road"], environment: home.environment).out.split(separator: "\n").map(
          String.init)
          == Array(added.reversed())
      })
    // `D` removes the selected song (now the second) from the playlist.
    try pane.send("D")
    #expect(
      try await home.waitFor(10) {
        try runProcess("/usr/bin/mpc", ["playlist", "Road"], environment: home.environment).out.split(separator: "\n").map(
          String.init)
          == [added[1]]
      })

    // `R` renames the playlist.
    try pane.send("Tab", "R")
    try await pane.expectShows("rename \"Road\" to: Road")
    try pane.send("C-u")
    try pane.type("Trip")
    try pane.send("Enter")
    #expect(
      try await home.waitFor(10) {
        try runProcess("/usr/bin/mpc", ["lsplaylists"], environment: home.environment).out.contains("Trip")
      })
    try await pane.expectShows("Trip", "Smarty (smart)")

    // The selection follows the renamed playlist; the smart one sorts before it. Its query is shown, and
    // its songs are not editable one by one.
    try pane.send("k")
    try await pane.expectShows("Smarty — smart: artist:anna")
    try pane.send("Tab", "D")
    try await pane.expectShows("is a smart playlist")
    #expect(try await lines(home, "playlist", "Smarty").count == 2)

    // `:save` saves the queue (the whole library, three songs) as a playlist.
    try pane.type(":save Everything")
    try pane.send("Enter")
    #expect(
      try await home.waitFor(10) {
        try runProcess("/usr/bin/mpc", ["playlist", "Everything"], environment: home.environment).out.split(separator: "\n").count
          == 3
      })

    // `D` on a playlist asks first: `n` keeps it, `y` deletes it.
    try pane.send("Tab", "g")
    try await pane.expectShows("Everything")
    try pane.send("D")
    try await pane.expectShows("delete playlist \"Everything\"? (y/n)")
    try pane.send("n")
    try await Task.sleep(nanoseconds: 500_000_000)
    #expect(try await lines(home, "lsplaylists").contains("Everything"))
    try pane.send("D")
    try await pane.expectShows("delete playlist \"Everything\"? (y/n)")
    try pane.send("y")
    #expect(
      try await home.waitFor(10) {
        !(try runProcess("/usr/bin/mpc", ["lsplaylists"], environment: home.environment).out.contains("Everything"))
      })
    try pane.send("q")
    try await pane.expectShows("[exited 0]")
  }
}
