// `tunes ui`: the full-screen UI (TunesUI) on the player that is already running; quitting it leaves the
// player playing, as ncmpcpp leaves mpd. FullScreen is the wiring both ways in share (`tunes play` on a
// terminal opens it on the player it starts): the keys from config.toml (checked before the screen
// changes), NO_COLOR, the log files, the ListenBrainz pane and the `:` command line.
import ArgumentParser
import Foundation
import TunesControl
import TunesCore
import TunesLibrary
import TunesListenBrainz
import TunesPlaylists
import TunesTerminal
import TunesUI

struct UICommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ui",
    abstract: "Open the full-screen UI on the running player (quitting it leaves the player playing).",
    discussion: """
      Views: 1 library, 2 songs, 3 queue, 4 playlists, 5 search, 6 details, 7 ListenBrainz, 8 now playing; \
      ? lists every key. Keys follow cmus (c pause, b next, z previous, a add…) and can be changed in the \
      [keys] section of config.toml. See Docs/UI.md.
      """)

  @OptionGroup var global: GlobalOptions

  func run() async throws {
    try await reportingErrors {
      _ = try FullScreen.keyMap(global.paths)  // a bad [keys] line is reported first, terminal or not
      _ = try FullScreen.theme(global.paths)
      guard TerminalInfo.isTerminal(STDIN_FILENO), TerminalInfo.isTerminal(STDOUT_FILENO) else {
        throw FullScreenError.notATerminal
      }
      let exit = try await FullScreen.run(global: global, socketPath: global.playerSocket, ownsPlayer: false)
      if exit == .playerGone { print("the player has quit") }
    }
  }
}

enum FullScreenError: TunesError {
  case notATerminal

  var exitStatus: ExitStatus { .usage }
  var description: String {
    "the full-screen UI needs a terminal on standard input and output; `tunes status` and the other commands work without one"
  }
}

enum FullScreen {
  /// The keys, as the [keys] section of config.toml changes them.
  static func keyMap(_ paths: TunesPaths) throws -> KeyMap {
    let configFile = ConfigFile(paths: paths)
    let configText = (try? String(contentsOfFile: configFile.path, encoding: .utf8)) ?? ""
    return try KeyMap.load(text: configText, path: configFile.path)
  }

  /// The styles, as the [ui] and [colors] sections of config.toml make them.
  static func theme(_ paths: TunesPaths) throws -> Theme {
    let configFile = ConfigFile(paths: paths)
    let configText = (try? String(contentsOfFile: configFile.path, encoding: .utf8)) ?? ""
    return try ThemeConfig.load(text: configText, path: configFile.path)
  }

  /// Opens the UI on the player at `socketPath` until the user leaves it.
  /// `playerLogStart`: where the player's log stood before it started (its first warnings are shown too).
  static func run(
    global: GlobalOptions, socketPath: String, ownsPlayer: Bool, playerLogStart: UInt64? = nil
  ) async throws -> TerminalUIExit {
    let paths = global.paths
    let keyMap = try keyMap(paths)
    let environment = ProcessInfo.processInfo.environment
    // no-color.org: set and not empty.
    let colors = (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    let library = try? global.openLibrary(.readOnly)
    let playerLog = Daemon.logPath(paths)
    let uiLog = (playerLog as NSString).deletingLastPathComponent + "/ui.log"
    let listenBrainz = UIListenBrainz.source(global: global, socketPath: socketPath, library: library)
    var options = TerminalUIOptions(
      socketPath: socketPath, ownsPlayer: ownsPlayer, playerLog: playerLog, uiLog: uiLog, keyMap: keyMap, colors: colors,
      listenBrainz: listenBrainz, commandRunner: { CommandLineRunner.run($0) })
    options.playerLogStart = playerLogStart
    let configFile = ConfigFile(paths: paths)
    options.coverMode = try CoverMode.choose(
      configText: (try? String(contentsOfFile: configFile.path, encoding: .utf8)) ?? "", path: configFile.path,
      environment: environment)
    options.theme = try theme(paths)
    options.colorDepth = ColorDepth.detect(environment)
    let databasePath = global.databasePath
    options.smartPlaylists = { LibraryGlance(path: databasePath)?.smartPlaylistQueries() ?? [:] }
    options.timingPath = environment["TUNES_UI_TIMING"].flatMap { $0.isEmpty ? nil : $0 }
    // The UI's loop waits in poll(2) for as long as the screen is open: on a thread of its own, not one of
    // Swift's shared pool, whose threads (as many as cores) the ListenBrainz view's reads and writes need.
    let uiOptions = options
    return try await withCheckedThrowingContinuation { continuation in
      let thread = Thread { continuation.resume(with: Result { try TerminalUI.run(uiOptions, library: library) }) }
      thread.stackSize = 8 << 20
      thread.start()
    }
  }
}

/// Runs `tunes ARGUMENTS…` (this program) for the `:` command line, its output in a file rather than on
/// the screen, and returns that output.
enum CommandLineRunner {
  static func run(_ arguments: [String]) -> String {
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    let outputPath = NSTemporaryDirectory() + "tunes-ui-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).out"
    defer { unlink(outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return "cannot run tunes" }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    let lines = output.split(separator: "\n").map { String($0) }
    return lines.last ?? ((status >> 8) & 0xff == 0 ? "done" : "failed")
  }
}
