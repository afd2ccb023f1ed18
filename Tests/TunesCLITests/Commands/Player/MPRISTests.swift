// End to end: a `tunes play --daemon` on ALSA's null device, on a private session bus, driven and read
// through MPRIS with Debian's playerctl, busctl, dbus-send and dbus-monitor, and through MPD with mpc:
// whatever one side changes, the other sees.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: mprisToolsPresent), .serialized)
struct MPRISTests {
  static let album = "Late Night Kitchen"
  static var albumFolder: String { TunesExecutable.sampleLibrary.path + "/Zoë Marlowe/" + album }

  /// A home on its own bus with the sample library indexed.
  static func home(on bus: PrivateSessionBus?) async throws -> PlayerHome {
    let home = try PlayerHome()
    if let bus { home.extraEnvironment["DBUS_SESSION_BUS_ADDRESS"] = bus.address }
    // Two folders of the sample library that index without complaint (its Broken/ folder is broken on purpose).
    let indexed = try await home.tunes("index", albumFolder, TunesExecutable.sampleLibrary.path + "/The Paper Lanterns")
    try #require(indexed.status == 0, "index: \(indexed.err)")
    return home
  }

  @Test func playerctlAndMPDShareOnePlayState() async throws {
    let scratch = try PlayerHome()
    let bus = try PrivateSessionBus(folder: scratch.root)
    let home = try await Self.home(on: bus)
    // Repeat one: the song stays while the test looks at it, however slow the machine.
    _ = try await home.startDaemon(["--device", "null", "--pace", "realtime", "--repeat", "one", "--album", Self.album])

    #expect(try await home.playerctl(until: "Playing", "status") == "Playing")
    // MPD's repeat + single is MPRIS's Track.
    let modes = try await home.mpc("status").out
    #expect(modes.contains("repeat: on") && modes.contains("single: on"), "\(modes)")
    #expect(try await home.playerctl("loop").out == "Track")

    // The track as MPD shows it.
    let mpd = try await home.mpc("-f", "%title%;%artist%;%album%;%track%;%id%", "current")
    #expect(mpd.out == "Café Blues;Zoë Marlowe;Late Night Kitchen;1;1\n", "\(mpd)")
    let fields = "{{xesam:title}};{{xesam:artist}};{{xesam:album}};{{xesam:trackNumber}};{{mpris:trackid}}"
    let metadata = try await home.playerctl("metadata", "--format", fields).out
    // playerctl quotes object paths; the entry id is MPD's Id.
    #expect(metadata == "Café Blues;Zoë Marlowe;Late Night Kitchen;1;'/org/mpris/MediaPlayer2/tunes/track/1'", "\(metadata)")
    let url = URL(fileURLWithPath: Self.albumFolder + "/01 Café Blues.mp3").absoluteString
    #expect(try await home.playerctl("metadata", "xesam:url").out == url)
    #expect(
      try await home.playerctl("metadata", "mpris:artUrl").out
        == URL(fileURLWithPath: Self.albumFolder + "/cover.jpg").absoluteString)
    let status = try await statusJSON(home)
    let length = try #require(status["durationMs"] as? Int)
    #expect(try await home.playerctl("metadata", "mpris:length").out == String(length * 1000))

    // MPRIS pauses; MPD sees it at once (the call returns when the Player has paused).
    #expect(try await home.playerctl("play-pause").status == 0)
    #expect(try await home.mpc("status").out.contains("[paused]"))
    #expect(try await home.playerctl("status").out == "Paused")

    // MPD plays; an MPRIS client following the player is told (PropertiesChanged).
    let follow = try ChildProcess.start(
      "/usr/bin/playerctl", ["-p", "tunes", "--follow", "status"], environment: home.environment)
    defer { follow.stop() }
    #expect(try await follow.readLine(timeout: 20) == "Paused")
    #expect(try await home.mpc("play").status == 0)
    #expect(try await follow.readLine(timeout: 20) == "Playing")

    // A seek through MPD is a Seeked signal with the new position.
    let monitor = try await BusMonitor(home, rules: ["type='signal',interface='org.mpris.MediaPlayer2.Player',member='Seeked'"])
    #expect(try await home.mpc("seek", "6").status == 0)
    let seeked = try await monitor.lines(until: { $0.contains("int64") })
    let positionUs = seeked.last.flatMap { Int64($0.split(separator: " ").last ?? "") } ?? -1
    #expect((5_500_000...7_000_000).contains(positionUs), "\(seeked)")
    // A seek through MPRIS is seen by MPD; Position is read live from the player (paused, so it stays put).
    #expect(try await home.mpc("pause").status == 0)
    #expect(try await home.playerctl("position", "2").status == 0)
    #expect(try await statusJSON(home)["elapsedMs"] as? Int == 2000)
    #expect(try await home.playerctl("position").out == "2.000000")

    // Next through MPRIS: MPD's current song and MPRIS's metadata move together.
    #expect(try await home.playerctl("next").status == 0)
    #expect(try await home.mpc("-f", "%title%", "current").out == "Untitled Sketch 2\n")
    #expect(try await home.playerctl(until: "Untitled Sketch 2", "metadata", "xesam:title") == "Untitled Sketch 2")

    // Volume, shuffle and loop both ways.
    #expect(try await home.playerctl("volume", "0.4").status == 0)
    #expect(try await home.mpc("volume").out == "volume: 40%\n")
    #expect(try await home.mpc("volume", "70").status == 0)
    #expect(try await home.playerctl(until: "0.700000", "volume") == "0.700000")
    #expect(try await home.playerctl("shuffle", "On").status == 0)
    #expect(try await home.mpc("status").out.contains("random: on"))
    #expect(try await home.mpc("random", "off").status == 0)
    #expect(try await home.playerctl(until: "Off", "shuffle") == "Off")
    #expect(try await home.mpc("single", "off").status == 0)
    #expect(try await home.playerctl(until: "Playlist", "loop") == "Playlist")
    #expect(try await home.playerctl("loop", "None").status == 0)
    let plain = try await home.mpc("status").out
    #expect(plain.contains("repeat: off") && plain.contains("single: off"), "\(plain)")
    #expect(try await home.playerctl("loop", "Track").status == 0)
    let one = try await home.mpc("status").out
    #expect(one.contains("repeat: on") && one.contains("single: on"), "\(one)")

    // OpenUri: a file of the library is added and played.
    let rain = URL(fileURLWithPath: Self.albumFolder + "/03 Señorita Rain.mp3").absoluteString
    #expect(try await home.playerctl("open", rain).status == 0)
    #expect(try await home.mpc(until: "Señorita Rain", "-f", "%title%", "current") == "Señorita Rain\n")
    #expect(try await home.mpc("status").out.contains("/5 "))
    #expect(try await home.playerctl(until: "Señorita Rain", "metadata", "xesam:title") == "Señorita Rain")

    #expect(try await home.playerctl("stop").status == 0)
    #expect(try await home.playerctl(until: "Stopped", "status") == "Stopped")
    #expect(!(try await home.mpc("status").out.contains("[playing]")))
  }

  @Test func introspectionPropertiesAndQuit() async throws {
    let scratch = try PlayerHome()
    let bus = try PrivateSessionBus(folder: scratch.root)
    let home = try await Self.home(on: bus)
    let pid = try await home.startDaemon(["--device", "null", "--pace", "realtime", "--album", Self.album])
    #expect(try await home.playerctl(until: "Playing", "status") == "Playing")

    let introspected = try await home.tool(
      "/usr/bin/busctl", ["--user", "introspect", "org.mpris.MediaPlayer2.tunes", "/org/mpris/MediaPlayer2"]
    ).out
    for member in [
      "org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Properties", "org.mpris.MediaPlayer2 ",
      "org.mpris.MediaPlayer2.Player", ".Seeked", ".OpenUri", ".SetPosition", ".PlaybackStatus", ".Metadata", ".Quit",
    ] {
      #expect(introspected.contains(member), "\(member) missing from\n\(introspected)")
    }
    #expect(try await home.mprisProperty("org.mpris.MediaPlayer2", "Identity") == "s \"tunes\"")
    #expect(try await home.mprisProperty("org.mpris.MediaPlayer2", "SupportedUriSchemes") == "as 1 \"file\"")
    #expect(try await home.mprisProperty("org.mpris.MediaPlayer2", "CanRaise") == "b false")
    #expect(try await home.mprisProperty("org.mpris.MediaPlayer2.Player", "Rate") == "d 1")
    #expect(try await home.mprisProperty("org.mpris.MediaPlayer2.Player", "CanGoNext") == "b true")
    let all = try await home.tool(
      "/usr/bin/dbus-send",
      [
        "--session", "--print-reply", "--dest=org.mpris.MediaPlayer2.tunes", "/org/mpris/MediaPlayer2",
        "org.freedesktop.DBus.Properties.GetAll", "string:org.mpris.MediaPlayer2.Player",
      ])
    for name in ["PlaybackStatus", "Metadata", "Position", "Volume", "LoopStatus", "Shuffle", "CanControl", "MinimumRate"] {
      #expect(all.out.contains("\"\(name)\""), "\(name) missing from\n\(all.out)")
    }
    // A volume set with dbus-send's Set reaches MPD.
    let set = try await home.tool(
      "/usr/bin/dbus-send",
      [
        "--session", "--print-reply", "--dest=org.mpris.MediaPlayer2.tunes", "/org/mpris/MediaPlayer2",
        "org.freedesktop.DBus.Properties.Set", "string:org.mpris.MediaPlayer2.Player", "string:Volume", "variant:double:0.25",
      ])
    #expect(set.status == 0, "\(set.err)")
    #expect(try await home.mpc("volume").out == "volume: 25%\n")

    // Quit ends the player as `tunes quit` does.
    let quit = try await home.tool(
      "/usr/bin/dbus-send",
      [
        "--session", "--print-reply", "--dest=org.mpris.MediaPlayer2.tunes", "/org/mpris/MediaPlayer2",
        "org.mpris.MediaPlayer2.Quit",
      ])
    #expect(quit.status == 0, "\(quit.err)")
    #expect(try await home.waitFor(20) { PlayerHome.ended(pid) })
  }

  @Test func withoutABusThePlayerSaysSoOnceAndPlays() async throws {
    let home = try await Self.home(on: nil)
    let played = try await home.tunes("play", "--device", "null", "--pace", "max", "--album", Self.album)
    #expect(played.status == 0, "\(played)")
    #expect(played.out.split(separator: "\n").count == 4, "\(played.out)")
    #expect(played.err == "tunes: MPRIS is off: no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set)\n", "\(played.err)")

    // A setting that is neither true nor false is refused before anything plays, naming its line.
    try FileManager.default.createDirectory(atPath: home.root + "/config/tunes", withIntermediateDirectories: true)
    try "[mpris]\nenabled = 3\n".write(toFile: home.root + "/config/tunes/config.toml", atomically: true, encoding: .utf8)
    let refused = try await home.tunes("play", "--device", "null", "--pace", "max", "--album", Self.album)
    #expect(refused.status != 0 && refused.out.isEmpty, "\(refused)")
    #expect(refused.err.contains("config.toml:2: [mpris] enabled must be true or false"), "\(refused)")
  }

  @Test func aSecondPlayerOnTheBusSaysTheNameIsTakenAndPlays() async throws {
    let scratch = try PlayerHome()
    let bus = try PrivateSessionBus(folder: scratch.root)
    let first = try await Self.home(on: bus)
    _ = try await first.startDaemon(["--device", "null", "--pace", "realtime", "--album", Self.album])
    #expect(try await first.playerctl(until: "Playing", "status") == "Playing")

    let second = try await Self.home(on: bus)
    _ = try await second.startDaemon(["--device", "null", "--pace", "realtime", "--artist", "The Paper Lanterns"])
    #expect(try await second.mpc(until: "[playing]", "status").contains("[playing]"))
    let log = try String(contentsOfFile: second.logPath, encoding: .utf8)
    let lines = log.split(separator: "\n").filter { $0.contains("MPRIS") }
    #expect(
      lines == [
        "tunes: MPRIS is off: another player owns org.mpris.MediaPlayer2.tunes on the session bus; media keys reach that one"
      ], "\(log)")
    // The name stays the first player's.
    #expect(try await first.playerctl("metadata", "xesam:album").out == Self.album)

    // Turned off in config.toml: the player does not even try (no line in its log).
    let third = try await Self.home(on: bus)
    try FileManager.default.createDirectory(atPath: third.root + "/config/tunes", withIntermediateDirectories: true)
    try "[mpris]\nenabled = false\n".write(toFile: third.root + "/config/tunes/config.toml", atomically: true, encoding: .utf8)
    _ = try await third.startDaemon(["--device", "null", "--pace", "realtime", "--album", Self.album])
    #expect(try await third.mpc(until: "[playing]", "status").contains("[playing]"))
    #expect(!(try String(contentsOfFile: third.logPath, encoding: .utf8)).contains("MPRIS"))
  }
}
