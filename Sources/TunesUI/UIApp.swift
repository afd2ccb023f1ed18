// The UI's loop and what it shows: which view, the help, the input line, each view's cursor and the
// rows it has loaded. The player's state is only ever the last PlayerSnapshot read from the player.
import Foundation
import TunesLibrary
import TunesMPD

enum UIView: Int, CaseIterable {
  case library = 1, songs, queue, playlists, search, details, listenBrainz, nowPlaying

  var title: String {
    switch self {
    case .library: return "Library"
    case .songs: return "Songs"
    case .queue: return "Queue"
    case .playlists: return "Playlists"
    case .search: return "Search"
    case .details: return "Details"
    case .listenBrainz: return "ListenBrainz"
    case .nowPlaying: return "Now playing"
    }
  }
}

/// The line being typed after `/` or `:`, or the answer to a question about a playlist.
struct InputLine {
  enum Kind: Equatable { case search, command, playlist(PlaylistEdit) }
  var kind: Kind
  var text = ""

  /// What the bottom line shows before the text.
  var label: String {
    switch kind {
    case .search: return "/"
    case .command: return ":"
    case .playlist(let edit): return edit.question
    }
  }
}

final class UIApp {
  let link: PlayerLink
  let library: Library?
  let options: TerminalUIOptions
  let messages: MessageLine
  var theme: Theme { options.theme }

  var snapshot = PlayerSnapshot()
  var view = UIView.library
  var showHelp = false
  var helpCursor = ListCursor()
  var input: InputLine?
  var browser = LibraryBrowser()
  var allSongs = SongWindow()
  var search = SongWindow()
  var queue = QueuePane()
  var playlists = PlaylistPane()
  var details: [String] = []
  var detailsCursor = ListCursor()
  var listenBrainz = ListenBrainzPane()
  /// ListenBrainz's reads and writes, off this thread.
  let work: BackgroundWork<UIApp>
  var nowPlaying = NowPlayingPane()
  var lastSearch = ""
  var exit: TerminalUIExit?
  var lastFrame: Screen?
  /// Where the progress bar is on screen, for clicks that seek.
  var progressBar: (row: Int, start: Int, width: Int)?
  var lastClick: (time: Double, row: Int, column: Int)?
  var size = Terminal.size()

  init(link: PlayerLink, library: Library?, options: TerminalUIOptions, wakeFD: Int32) {
    self.link = link
    work = BackgroundWork(wakeFD: wakeFD)
    self.library = library
    self.options = options
    messages = MessageLine(logPath: options.uiLog, playerLog: options.playerLog, from: options.playerLogStart)
  }

  /// Rows of the main area (between the tab row and the now-playing bar).
  var mainRows: Int { max(1, size.height - 4) }

  func loop(wakeFD: Int32) -> TerminalUIExit {
    refreshStatus()
    render()
    timing("first-frame-epoch-ns \(Self.wallClockNanoseconds())")
    var pending: [UInt8] = []
    while exit == nil {
      var fds = [
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0),
        pollfd(fd: messages.readFD, events: Int16(POLLIN), revents: 0),
      ]
      // The clock moves once a second while playing; otherwise nothing changes by itself (the player's log
      // is looked at every few seconds), except that a message goes when its time is up.
      var timeout: Int32 = snapshot.playing ? 1000 : 3000
      if let left = messages.millisecondsLeft() { timeout = max(1, min(timeout, left)) }
      let ready = poll(&fds, nfds_t(fds.count), timeout)
      if ready < 0 && errno != EINTR { break }
      if fds[1].revents != 0 { handleWake(wakeFD) }
      if fds[2].revents != 0 { messages.drainCapture() }
      if fds[0].revents & Int16(POLLIN) != 0 {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count <= 0 {
          exit = .detached  // the terminal went away: leave the player as it is
          break
        }
        let keyStart = DispatchTime.now().uptimeNanoseconds
        pending += buffer[0..<count]
        let (keys, used) = UIKeyDecoder.decode(pending)
        pending.removeFirst(used)
        for key in keys where exit == nil { handle(key) }
        if options.timingPath != nil, exit == nil {
          render()
          timing("key-to-frame-us \((DispatchTime.now().uptimeNanoseconds - keyStart) / 1000)")
        }
      } else if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 {
        exit = .detached
        break
      }
      if ready == 0 { refreshStatus() }
      messages.expire()
      messages.followPlayerLog()
      if exit == nil { render() }
    }
    if exit == .quit && options.ownsPlayer && !askPlayerToQuit() { exit = .detached }
    return exit ?? .quit
  }

  /// Tells the player this screen started to quit. False when it could not be told or refused: it then
  /// plays on, and the screen closes as detached, so the command says so instead of waiting for it to end.
  func askPlayerToQuit() -> Bool {
    do {
      try link.run("kill")
      return true
    } catch .protocolViolation {
      return true  // it closed the connection before its OK: it is quitting
    } catch {
      return false
    }
  }

  /// What the idle thread and the signal handler wrote.
  func handleWake(_ fd: Int32) {
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = read(fd, &buffer, buffer.count)
    guard count > 0 else { return }
    var status = false
    for byte in buffer[0..<count] {
      if byte & 0x80 != 0 {
        let number = Int32(byte & 0x7F)
        if number == SIGWINCH {
          size = Terminal.size()
          lastFrame = nil
        } else {
          exit = options.ownsPlayer && number != SIGHUP ? .quit : .detached
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "p"), UInt8(ascii: "m"), UInt8(ascii: "o"): status = true
      case UInt8(ascii: "q"):
        queue.reset()
        status = true
      case UInt8(ascii: "s"): playlists.reset()
      case UInt8(ascii: "d"):
        browser.reset()
        allSongs.reset()
        search.reset()
      case PlayerLink.gone:
        exit = .playerGone
      case BackgroundWork<UIApp>.wakeLetter:
        for completion in work.drain() { completion(self) }
      default: status = true
      }
    }
    if status { refreshStatus() }
  }

  /// Appends a line to the timing file, when one was asked for.
  func timing(_ line: String) {
    guard let path = options.timingPath else { return }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    guard descriptor >= 0 else { return }
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
  }

  static func wallClockNanoseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return now.tv_sec * 1_000_000_000 + now.tv_nsec
  }

  func refreshStatus() {
    do {
      let status = MPDClient.dictionary(try link.run("status"))
      let current = MPDClient.dictionary(try link.run("currentsong"))
      snapshot = PlayerSnapshot(status: status, current: current)
    } catch {
      if case .noPlayer = error { exit = .playerGone } else { report(error) }
    }
  }

  func report(_ error: ControlError) {
    if case .protocolViolation = error, (try? link.run("ping")) == nil {
      exit = .playerGone
      return
    }
    messages.show("\(error)", error: true)
  }

  /// Builds the frame and sends the terminal what changed.
  func render() {
    var screen = Screen(width: size.width, height: size.height)
    draw(into: &screen)
    let commands = ScreenDiff.commands(from: lastFrame, to: screen, depth: options.colors ? options.colorDepth : .none)
    if !commands.isEmpty { Terminal.write(commands) }
    let cleared = lastFrame.map { $0.width != screen.width || $0.height != screen.height } ?? true
    lastFrame = screen
    placeCoverImage(cleared: cleared)
  }
}
