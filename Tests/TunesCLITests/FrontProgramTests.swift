// The two programs a build makes: `tunes`, the small front users run, and `tunes-core`, the full
// program. For `tunes` and `tunes status` the front prints the player's own rendering of the line; it
// must print exactly what the full program prints (standard output, standard error, exit status) in
// every state of the player and with tags a terminal must not see raw, and hand every other command,
// and every case it cannot settle, to the full program. A lone copy of the front, with no full program
// to hand anything to, shows which runs it answered itself.
import Foundation
import Testing
import TunesMPD
import TunesMPDTesting
import TunesTestSupport

@testable import tunes

/// The full program beside the front (a build's products folder), or where Scripts/install puts it.
let builtCore: String? = builtTunes.flatMap { front -> String? in
  let folder = (front as NSString).deletingLastPathComponent
  return [folder + "/tunes-core", folder + "/../libexec/tunes/tunes-core"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
}

@Suite(.enabled(if: playerToolsPresent && builtCore != nil), .serialized)
struct FrontProgramTests {
  /// What one program printed and returned, as bytes.
  struct Run: Equatable, CustomStringConvertible {
    var status: Int32
    var out: Data
    var err: Data
    var description: String {
      "exit \(status), out \(String(decoding: out, as: UTF8.self).debugDescription), err \(String(decoding: err, as: UTF8.self))"
    }
  }

  static func run(_ binary: String, _ arguments: [String], _ environment: [String: String]) async throws -> Run {
    let result = try await ChildProcess.run(binary, arguments, environment: environment, timeout: 60)
    return Run(status: result.status, out: result.stdout, err: result.stderr)
  }

  /// The front's run and the full program's of `arguments`. A playing song's clock moves, so the front
  /// runs before and after the full program until both of its runs agree (the clock did not turn between
  /// them); the full program's run, made between the two, must then be the same.
  static func both(_ arguments: [String], _ environment: [String: String]) async throws -> (front: Run, core: Run) {
    let front = try #require(builtTunes)
    let core = try #require(builtCore)
    for _ in 0..<5 {
      let before = try await run(front, arguments, environment)
      let full = try await run(core, arguments, environment)
      let after = try await run(front, arguments, environment)
      if before == after { return (before, full) }
    }
    Issue.record("the front's output changed between every pair of runs of \(arguments)")
    return (try await run(front, arguments, environment), try await run(core, arguments, environment))
  }

  /// Checks that the front prints what the full program prints for `tunes` and `tunes status`, and
  /// returns that output.
  @discardableResult
  static func sameStatus(_ home: PlayerHome, _ what: String) async throws -> Run {
    var seen: Run?
    for arguments in [[], ["status"]] {
      let (front, core) = try await both(arguments, home.environment)
      #expect(front == core, "\(what), tunes \(arguments): front \(front) against full \(core)")
      seen = front
    }
    return try #require(seen)
  }

  /// A FLAC song whose tags hold an escape sequence, a tab, a right-to-left override and CJK text.
  static func makeOddSong(_ home: PlayerHome) async throws {
    let path = home.music + "/odd/odd.flac"
    try FileManager.default.createDirectory(atPath: home.music + "/odd", withIntermediateDirectories: true)
    let sox = try runProcess(
      "/usr/bin/sox", ["-n", "-r", "8000", "-c", "1", "-b", "16", path, "synth", "30", "sine", "330"],
      environment: home.environment)
    try #require(sox.status == 0, "sox: \(sox.err)")
    let tags = try runProcess(
      "/usr/bin/metaflac",
      ["--set-tag=TITLE=Red\u{1B}[31m\tTab", "--set-tag=ARTIST=東京事変", "--set-tag=ALBUM=Right\u{202E}Left", path],
      // metaflac reads its arguments in the locale's character set.
      environment: home.environment.merging(["LANG": "C.UTF-8"]) { $1 })
    try #require(tags.status == 0, "metaflac: \(tags.err)")
  }

  @Test func statusIsTheFullProgramsInEveryStateOfThePlayer() async throws {
    let home = try PlayerHome()
    try home.makeSong("A/1 one.mp3", title: "One", artist: "Ada", album: "First", seconds: 30)
    try home.makeSong("A/2 two.mp3", title: "Two", artist: "Ada", album: "First", seconds: 30)
    try await Self.makeOddSong(home)
    try #require(try await home.tunes("index", home.music).status == 0)
    let pid = try await home.startDaemon(["--device", "null", "ada"])
    defer { kill(pid, SIGKILL) }

    let playing = try await Self.sameStatus(home, "playing")
    #expect(String(decoding: playing.out, as: UTF8.self).hasPrefix("▶ Ada – One · First  0:"), "\(playing)")
    #expect(try await home.tunes("pause").status == 0)
    let paused = try await Self.sameStatus(home, "paused")
    #expect(String(decoding: paused.out, as: UTF8.self).hasPrefix("⏸ Ada – One · First  0:"), "\(paused)")

    // The odd song, handed to the running player: the terminal sees none of its control characters.
    let handed = try await home.tunes("play", "東京事変")
    #expect(handed.status == 0, "\(handed.err)")
    #expect(try await home.tunes("pause").status == 0)
    let odd = try await Self.sameStatus(home, "odd tags")
    #expect(
      String(decoding: odd.out, as: UTF8.self).hasPrefix("⏸ 東京事変 – Red\u{FFFD}[31m Tab · Right\u{FFFD}Left  0:"),
      "\(odd)")
    #expect(!odd.out.contains(0x1B) && !odd.out.contains(0x09))

    #expect(try await home.tunes("stop").status == 0)
    let stopped = try await Self.sameStatus(home, "stopped")
    #expect(String(decoding: stopped.out, as: UTF8.self).hasPrefix("■ 東京事変 – Red"), "\(stopped)")
    #expect(try await home.tunes("clear").status == 0)
    let empty = try await Self.sameStatus(home, "empty queue")
    #expect(String(decoding: empty.out, as: UTF8.self).hasPrefix("■ stopped, nothing selected  queue 0"), "\(empty)")

    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(10) { PlayerHome.ended(pid) })
    let gone = try await Self.sameStatus(home, "no player")
    #expect(gone.status == 69 && gone.out.isEmpty, "\(gone)")
    #expect(String(decoding: gone.err, as: UTF8.self) == "tunes: no tunes player is running (start one with `tunes play`)\n")
  }

  @Test func everyOtherCommandIsTheFullProgramsOwn() async throws {
    let home = try PlayerHome()
    try home.makeSong("A/1 one.mp3", title: "One", artist: "Ada", album: "First", seconds: 30)
    try #require(try await home.tunes("index", home.music).status == 0)
    let cases: [[String]] = [
      ["--version"], ["--help"], ["ls", "songs"], ["stats"], ["nope"], ["status", "--json"], ["status", "-f", "$title"],
      ["status", "--db", home.root + "/other.db"], ["pause"], ["ls", "albums", "--json"],
    ]
    for arguments in cases {
      let (front, core) = try await Self.both(arguments, home.environment)
      #expect(front == core, "tunes \(arguments): front \(front) against full \(core)")
    }
    // Messages name the program as users call it.
    let help = try await Self.run(try #require(builtTunes), ["--help"], home.environment)
    #expect(String(decoding: help.out, as: UTF8.self).contains("USAGE: tunes <subcommand>"), "\(help)")
    let unknown = try await Self.run(try #require(builtTunes), ["nope"], home.environment)
    #expect(unknown.status == 64 && String(decoding: unknown.err, as: UTF8.self).contains("nope"), "\(unknown)")
  }

  /// A copy of the front alone in a folder: what it answers, it answered itself; for anything else it
  /// says it cannot find the full program.
  static func loneFront(in home: PlayerHome) throws -> String {
    let folder = home.root + "/lone/bin"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: try #require(builtTunes), toPath: folder + "/tunes")
    return folder + "/tunes"
  }

  static func answeredAlone(_ run: Run) -> Bool { run.status == 0 && !run.out.isEmpty && run.err.isEmpty }

  static func handedOn(_ run: Run, lone: String) -> Bool {
    let folder = (lone as NSString).deletingLastPathComponent
    return run.status == 69 && run.out.isEmpty
      && String(decoding: run.err, as: UTF8.self)
        == "tunes: tunes-core is neither in \(folder) nor in \(folder)/../libexec/tunes\n"
  }

  @Test func theFrontFindsThePlayerOnlyWhereTheFullProgramWould() async throws {
    let home = try PlayerHome()
    // The library where XDG_DATA_HOME puts it (TUNES_DB empty counts as unset).
    home.extraEnvironment = ["TUNES_DB": ""]
    let database = home.root + "/data/tunes/library.db"
    try home.makeSong("A/1 one.mp3", title: "One", artist: "Ada", album: "First", seconds: 30)
    try #require(try await home.tunes("index", home.music).status == 0)
    let pid = try await home.startDaemon(["--device", "null"])
    defer { kill(pid, SIGKILL) }
    #expect(try await home.tunes("pause").status == 0)
    let lone = try Self.loneFront(in: home)
    let line = try await Self.run(try #require(builtCore), ["status"], home.environment)
    #expect(line.status == 0)

    // HOME/.local/share standing for XDG_DATA_HOME, through a link to the same folder.
    let linkedHome = home.root + "/h"
    try FileManager.default.createDirectory(atPath: linkedHome + "/.local", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: linkedHome + "/.local/share", withDestinationPath: home.root + "/data")
    var viaHome = home.environment
    viaHome["XDG_DATA_HOME"] = nil
    viaHome["HOME"] = linkedHome
    var viaDatabase = home.environment
    viaDatabase["TUNES_DB"] = database
    viaDatabase["XDG_DATA_HOME"] = "/nowhere"

    for (what, environment) in [("XDG_DATA_HOME", home.environment), ("HOME", viaHome), ("TUNES_DB", viaDatabase)] {
      let alone = try await Self.run(lone, ["status"], environment)
      #expect(Self.answeredAlone(alone) && alone == line, "\(what): \(alone)")
      #expect(try await Self.run(lone, [], environment) == line, "\(what), no arguments")
    }

    // Told otherwise, or left in doubt, it hands over: another library named by TUNES_DB, a relative
    // XDG_DATA_HOME (which counts as unset), no HOME to fall back on, an option, another command.
    var otherLibrary = home.environment
    otherLibrary["TUNES_DB"] = home.root + "/other.db"
    var relative = home.environment
    relative["XDG_DATA_HOME"] = "data"
    var noHome = viaHome
    noHome["HOME"] = nil
    let handOvers: [(String, [String], [String: String])] = [
      ("TUNES_DB", ["status"], otherLibrary), ("relative XDG_DATA_HOME", ["status"], relative),
      ("no HOME", ["status"], noHome), ("--db", ["status", "--db", database], home.environment),
      ("--json", ["status", "--json"], home.environment), ("pause", ["pause"], home.environment),
      ("two words", ["status", "status"], home.environment),
    ]
    for (what, arguments, environment) in handOvers {
      let alone = try await Self.run(lone, arguments, environment)
      #expect(Self.handedOn(alone, lone: lone), "\(what): \(alone)")
      let (front, core) = try await Self.both(arguments, environment)
      #expect(front == core, "\(what): front \(front) against full \(core)")
    }

    // The lock file stays when the player ends; nobody holds it then.
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(10) { PlayerHome.ended(pid) })
    #expect(FileManager.default.fileExists(atPath: database + "-player.lock"))
    #expect(Self.handedOn(try await Self.run(lone, ["status"], home.environment), lone: lone))
  }

  /// A server that holds the library's lock but does not know `tunes_status` (an MPD, here the in-memory
  /// one): the front hands over, and the full program asks its own way.
  @Test func anAnswerOtherThanTheLineIsTheFullProgramsToRead() async throws {
    let home = try PlayerHome()
    let lone = try Self.loneFront(in: home)
    try FileManager.default.createDirectory(atPath: home.root + "/run", withIntermediateDirectories: true)
    let server = MPDServer(backend: InMemoryMPDBackend(), configuration: .init(unixSocketPath: home.socket))
    try await server.start()
    defer { server.stop() }
    let lock = try PlayerLock.take(database: home.root + "/library.db", socket: home.socket)
    defer { withExtendedLifetime(lock) {} }

    #expect(Self.handedOn(try await Self.run(lone, ["status"], home.environment), lone: lone))
    let (front, core) = try await Self.both(["status"], home.environment)
    #expect(front == core && core.status == 0, "front \(front) against full \(core)")
    #expect(String(decoding: core.out, as: UTF8.self).hasPrefix("■ stopped, nothing selected"), "\(core)")
  }
}
