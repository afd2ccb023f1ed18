// End to end in tmux: the now-playing view (8, or L) of the full-screen UI on a real player. A song with an
// embedded cover (lame --ti) shows it as Unicode block cells, and its .lrc lyrics with the line being sung
// marked and moving on as the song plays; the next song, with no picture and no lyrics, shows no block cell
// and says there are no lyrics; the third, whose ID3v2 SYLT frame (written by mutagen) times its lines in
// MPEG frames of 72 ms (MPEG-2.5 at 8 kHz), marks them as the song plays too.
import Foundation
import Testing
import TunesTestSupport

@Suite(
  .enabled(
    if: playerToolsPresent && tmuxInstalled && FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg")
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
struct NowPlayingViewUITests {
  /// The cells of Unicode's block elements (U+2580…U+259F) on the screen.
  static func blockCells(_ rows: [String]) -> Int {
    rows.joined().unicodeScalars.filter { (0x2580...0x259F).contains($0.value) }.count
  }

  @Test func coverAsBlocksAndSyncedLyricsFollowTheSong() async throws {
    let home = try PlayerHome()
    let cover = home.root + "/picture.jpg"
    let made = try runProcess(
      "/usr/bin/ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=96x96", "-frames:v", "1", cover],
      environment: home.environment)
    try #require(made.status == 0, "ffmpeg: \(made.err)")
    let songs = [("A/1 covered.mp3", "Covered", true), ("B/1 bare.mp3", "Bare", false), ("C/1 timed.mp3", "Timed", false)]
    for (relative, title, picture) in songs {
      let path = home.music + "/" + relative
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      let wav = path + ".wav"
      let sox = try runProcess(
        "/usr/bin/sox", ["-n", "-r", "8000", "-c", "1", wav, "synth", "60", "sine", "440"], environment: home.environment)
      try #require(sox.status == 0, "sox: \(sox.err)")
      let lame = try runProcess(
        "/usr/bin/lame",
        ["--quiet", "--add-id3v2", "--tt", title, "--ta", "Anna", "--tl", "Day"] + (picture ? ["--ti", cover] : []) + [
          wav, path,
        ],
        environment: home.environment)
      try #require(lame.status == 0, "lame: \(lame.err)")
      try FileManager.default.removeItem(atPath: wav)
    }
    // Frame 139 of 576 samples at 8 kHz starts 10.008 s in: time enough to see the first line marked.
    let sylt = try runProcess(
      "/usr/bin/python3",
      [
        "-c",
        "import sys\nfrom mutagen.id3 import ID3, SYLT\nt = ID3(sys.argv[1])\n"
          + "t.add(SYLT(encoding=3, lang='eng', format=1, type=1, desc='', text=[('Frame one', 0), ('Frame two', 139)]))\n"
          + "t.save(sys.argv[1], v2_version=4)\n",
        home.music + "/C/1 timed.mp3",
      ], environment: home.environment)
    try #require(sylt.status == 0, "mutagen: \(sylt.err)")
    try "[ar:Anna]\n[00:00.00]Opening line\n[00:04.00]Second line\n[00:30.00]Late line\n".write(
      toFile: home.music + "/A/1 covered.lrc", atomically: true, encoding: .utf8)
    let indexed = try await home.tunes("index", home.music)
    try #require(indexed.status == 0, "index: \(indexed.err)")
    _ = try await home.startDaemon(["--device", "null", "--pace", "realtime"])
    let pane = try TmuxPane(home: home, command: [try #require(builtTunes), "ui"], width: 120, height: 30)
    try await pane.expectShows("Covered — Anna")

    try pane.send("L")
    try await pane.expectShows("8 Now playing", "Covered", "▸ Opening line", "  Second line")
    let (covered, screen) = try await pane.waitFor { rows in Self.blockCells(rows) > 50 }
    #expect(covered, "no block art:\n\(screen)")
    // The marked line moves on as the song plays.
    try await pane.expectShows("▸ Second line", "  Opening line", seconds: 30)

    // The next song has neither picture nor lyrics: no block cell at all.
    try pane.send("b")
    try await pane.expectShows("Bare — Anna", "No lyrics")
    let (bare, bareScreen) = try await pane.waitFor { rows in Self.blockCells(rows) == 0 }
    #expect(bare, "block art left on the screen:\n\(bareScreen)")

    // The third song's lines come from its SYLT frame, timed in MPEG frames: the mark moves on at 10 s.
    try pane.send("b")
    try await pane.expectShows("Timed — Anna", "▸ Frame one", "  Frame two")
    try await pane.expectShows("▸ Frame two", "  Frame one", seconds: 30)
    try pane.send("q")
  }
}
