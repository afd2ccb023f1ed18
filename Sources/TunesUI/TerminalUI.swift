// The full-screen terminal UI of `tunes ui` and of `tunes play` on a terminal: browse, search, queue and
// control on one screen.
//
// Why it is built this way:
// - It is an MPD client of the player (PlayerLink), never a second owner of play state: every view shows
//   the player's replies, and a change made anywhere (a key here, `tunes next`, mpc, media keys, another
//   UI) arrives through `idle` and is drawn from a fresh `status`. Library listings that do not touch play
//   state (every song, search with the query language) read the database read-only, one screen at a time.
// - The drawing is tunes' own small renderer over TunesTerminal rather than ncursesw: a frame is a grid
//   of cells built whole from that state (Screen), and only the cells that differ from the last frame are
//   sent (ScreenDiff); ncursesw would bring its own notion of windows and refresh, a C API of global state
//   that Swift 6's strict concurrency cannot check, and a second width table that can disagree with
//   DisplayWidth, which every other view of tunes lays text out with. The terminals tunes supports all
//   speak the ANSI/xterm sequences used here (cursor move, SGR, alternate screen, SGR mouse mode).
// - One thread runs the UI: it polls the keyboard, the wake pipe (idle changes, SIGWINCH, signals) and the
//   captured standard error, so no state is shared between threads; the idle connection lives on a
//   thread of its own and only writes bytes to the pipe.
import Foundation
import TunesCore
import TunesLibrary
import TunesMPD
import TunesTerminal

public struct TerminalUIOptions: Sendable {
  public var socketPath: String
  /// True when quitting the UI quits the player (`tunes play`); false for `tunes ui`.
  public var ownsPlayer: Bool
  /// The player's log, followed for its warnings.
  public var playerLog: String?
  /// A file to append timings to (Benchmarks/ui-frames.sh): the first frame's wall-clock time, and how
  /// long each read of keys took to reach the terminal as a frame.
  public var timingPath: String? = nil
  /// Where in the player's log to start (its size before the player started); nil: its end now.
  public var playerLogStart: UInt64? = nil
  /// Where the UI's own messages and captured standard error are kept.
  public var uiLog: String?
  public var keyMap: KeyMap
  public var colors: Bool
  /// How the now-playing view draws the cover (CoverMode: detected, or `[ui] cover` in config.toml).
  public var coverMode: CoverMode = .blocks
  /// What the ListenBrainz view reads and what love, hate and pin send (`tunes lb`'s own code).
  public var listenBrainz: ListenBrainzSource?
  /// Runs a command typed after `:` (tunes' own commands) and returns what it printed.
  public var commandRunner: (@Sendable ([String]) -> String)?
  /// How many colours the terminal shows (ColorDepth.detect); `colors: false` still means none.
  public var colorDepth = ColorDepth.sixteen
  /// The styles, as config.toml's `[ui] theme` and `[colors]` make them (ThemeConfig).
  public var theme = Theme()
  /// The smart playlists' names and queries, read when the playlists view loads (MPD's `listplaylists`
  /// cannot tell them apart, and their songs cannot be edited one by one).
  public var smartPlaylists: (@Sendable () -> [String: String])? = nil

  public init(
    socketPath: String, ownsPlayer: Bool, playerLog: String?, uiLog: String?, keyMap: KeyMap, colors: Bool,
    listenBrainz: ListenBrainzSource? = nil, commandRunner: (@Sendable ([String]) -> String)? = nil
  ) {
    self.socketPath = socketPath
    self.ownsPlayer = ownsPlayer
    self.playerLog = playerLog
    self.uiLog = uiLog
    self.keyMap = keyMap
    self.colors = colors
    self.listenBrainz = listenBrainz
    self.commandRunner = commandRunner
  }
}

public enum TerminalUIExit: Sendable, Equatable {
  /// `q`: with `ownsPlayer`, the player was told to quit.
  case quit
  /// The player plays on in the background.
  case detached
  /// The player went away (quit from elsewhere).
  case playerGone
}

/// The write end of the wake pipe, for the signal handler (set before the handler is installed).
nonisolated(unsafe) private var wakeWriteFD: Int32 = -1

public enum TerminalUI {
  /// Runs the UI until quit; the terminal is given back as it was on every way out.
  public static func run(_ options: TerminalUIOptions, library: Library?) throws(ControlError) -> TerminalUIExit {
    var wake: [Int32] = [0, 0]
    guard pipe(&wake) == 0 else { throw .system(call: "pipe", target: "wake pipe", errno: errno) }
    for fd in wake { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    let link = try PlayerLink(socketPath: options.socketPath)
    try PlayerLink.watch(socketPath: options.socketPath, wakeFD: wake[1])

    wakeWriteFD = wake[1]
    for signalNumber in [SIGWINCH, SIGINT, SIGTERM, SIGHUP] {
      signal(signalNumber) { number in
        var byte = UInt8(truncatingIfNeeded: number) | 0x80
        _ = write(wakeWriteFD, &byte, 1)
      }
    }
    let raw = RawMode()
    let app = UIApp(link: link, library: library, options: options, wakeFD: wake[1])
    app.messages.capture()
    Terminal.enter()
    defer {
      Terminal.leave()
      raw?.restore()
      app.messages.release()
      for signalNumber in [SIGWINCH, SIGINT, SIGTERM, SIGHUP] { signal(signalNumber, SIG_DFL) }
    }
    return app.loop(wakeFD: wake[0])
  }
}

/// The terminal modes the UI needs, switched on and off as a pair.
enum Terminal {
  /// Alternate screen, no cursor, SGR mouse reports (clicks, wheel).
  static func enter() { write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h\u{1B}[2J") }
  static func leave() { write("\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l") }

  static func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeMutableBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return
      }
      offset += count
    }
  }

  static func size() -> (width: Int, height: Int) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
    return (Int(size.ws_col), Int(size.ws_row))
  }
}
