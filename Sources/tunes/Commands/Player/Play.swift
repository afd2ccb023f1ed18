// `tunes play [QUERY…]`: restores the saved session (queue, current song, position, volume, modes, as
// MPD's state file does), replaces its queue with a query's songs when given one, and plays until the
// queue ends (or `q`), with a status line and keys on a terminal (`--line`) and one line per song otherwise,
// serving the MPD protocol meanwhile; on a terminal without `--line`, the full-screen UI opens on a
// player started for it (PlayFullScreen.swift). With a player already running it hands the songs to that one, or
// starts its queue; `--daemon` plays in the background.
import ArgumentParser
import Foundation
import TunesControl
import TunesCore
import TunesDecoder
import TunesLibrary
import TunesMPRIS
import TunesOutput
import TunesPlayer
import TunesTerminal

extension RepeatMode: ExpressibleByArgument {}
extension PaceMode: ExpressibleByArgument {}

struct Play: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "play",
    abstract: "Play songs of the library: a query, an album, an artist or a playlist.",
    discussion: """
      The queue, the current song and its position, the volume and the modes are saved as they change \
      and restored at every start. With no query, the saved queue plays on from where it was (nothing \
      saved: the whole library); `--daemon` and `--resume` bring it back exactly as it was: playing only \
      if it was playing, paused or stopped otherwise. A query replaces the queue; `--add` appends to it. \
      With a player already running, a query goes to that player, and no query starts its queue.
      """)

  @OptionGroup var global: GlobalOptions

  @Argument(parsing: .allUnrecognized, help: "A library query (words, artist:…, album:…, year:…).")
  var query: [String] = []
  @Option(name: .long, help: "Play a stored playlist.", completion: LibraryCompletions.playlists)
  var playlist: String?
  @OptionGroup var names: ExactNameOptions
  @Flag(name: .long, help: "Shuffle without repeats: every song once per pass, artists spread apart (default: as saved).")
  var shuffle = false
  @Option(name: .long, help: "Seed of the shuffle, to reproduce a pass.")
  var seed: UInt64?
  @Option(name: .long, help: "off, all or one (default: as saved, else off).")
  var `repeat`: RepeatMode?
  @Option(name: .long, help: "ALSA device (default: $TUNES_ALSA_DEVICE, else \"default\").")
  var device: String?
  @Option(name: .long, help: "realtime (the default), or max to play as fast as the device takes it (no play counts).")
  var pace: PaceMode?
  @Flag(name: .long, help: "Continue the saved session exactly as it was (paused stays paused); fails when none is saved.")
  var resume = false
  @Flag(name: .long, help: "Play in the background, without the terminal UI, until `tunes quit`.")
  var daemon = false
  @Flag(name: .long, help: .hidden)
  var daemonChild = false
  @Flag(name: .long, help: "On a terminal, keep the one-line player instead of the full-screen UI.")
  var line = false
  @Flag(
    name: .long,
    help: "With --daemon: stay in the foreground and log to standard error (for systemd and other supervisors).")
  var foreground = false
  @Flag(
    name: .long, help: "Append the query's songs to the queue (the saved one, or a running player's) instead of replacing it.")
  var add = false
  @Option(
    name: .long,
    help: """
      Serve the MPD protocol on TCP at this port, on 127.0.0.1 ([mpd] bind_to_address), and fail if it is taken \
      (default: 6600 when free, [mpd] port in config.toml, $TUNES_MPD_PORT; off with [mpd] tcp = false).
      """)
  var mpdPort: Int?
  @Option(
    name: .long,
    help: """
      A file (mode 600) holding the password MPD clients on TCP must send first (default: [mpd] password in \
      config.toml).
      """)
  var mpdPasswordFile: String?
  /// No longer taken: refused with the ways that keep the password out of `ps`.
  @Option(name: .long, help: .hidden)
  var mpdPassword: String?

  /// Options that contradict each other are refused before anything plays, not silently dropped.
  mutating func validate() throws {
    query = try QueryWords.checked(query, of: Self.self)
    if resume && choosing {
      throw ValidationError(
        "--resume continues the saved queue; a query, --playlist, --album or --artist replaces it: give one or the other")
    }
    if seed != nil && !shuffle { throw ValidationError("--seed only seeds --shuffle; add --shuffle, or leave --seed out") }
    if mpdPassword != nil { throw ValidationError(MPDPassword.notOnTheCommandLine) }
    if mpdPasswordFile != nil && mpdPort == nil {
      throw ValidationError("--mpd-password-file only guards --mpd-port; add --mpd-port, or leave it out")
    }
    if foreground {
      guard daemon else { throw ValidationError("--foreground only changes --daemon; add --daemon, or leave it out") }
      // The supervisor keeps the process; it runs as the child `--daemon` would have started.
      daemon = false
      daemonChild = true
    }
  }

  /// SQLite's page cache per connection of a playing process.
  static let cacheKiB = 256

  /// Whether the arguments name songs (otherwise the saved queue, or a running player's, plays).
  var choosing: Bool { !query.isEmpty || playlist != nil || !names.isEmpty }

  /// The songs the arguments name, packed: a whole-library queue never exists as a `[Song]` in this
  /// process. None is an error unless a daemon starts on an empty library.
  func chosenBatch(_ library: Library) throws -> SongBatch {
    let songs =
      try playlist.map { SongBatch(try PlayQueueSource.playlist(library: library, name: $0)) }
      ?? PlayQueueSource.batch(library: library, words: query, artist: names.artist, album: names.album)
    let described =
      (query + names.terms + [playlist.map { "playlist \($0)" }].compactMap { $0 })
      .joined(separator: " ")
    guard !songs.isEmpty || (daemon || daemonChild) && described.isEmpty else { throw PlayCLIError.nothingMatched(described) }
    return songs
  }

  func run() async throws {
    try await reportingErrors {
      // A player reads each queued song once and rewrites the queue when it changes: a cache does not
      // help it, and SQLite's default (2 MB per connection) was half the heap of a 10k-song queue.
      let library = try global.openLibrary(.createIfMissing, cacheKiB: Self.cacheKiB)
      let socketPath = global.paths.mpdSocket
      // The library's running player, wherever its socket is (another XDG_RUNTIME_DIR, TUNES_MPD_SOCKET).
      let runningPlayer = daemonChild ? nil : PlayerLock.running(database: global.databasePath)
      if !daemonChild, !resume, let running = try RemotePlay.connect(socketPath: runningPlayer?.socket ?? socketPath) {
        // The running player keeps its device, pace, shuffle generator and servers: asking for others is
        // an error, not something silently dropped.
        let ignored = [
          device.map { _ in "--device" }, pace.map { _ in "--pace" }, seed.map { _ in "--seed" },
          mpdPort.map { _ in "--mpd-port" }, mpdPasswordFile.map { _ in "--mpd-password-file" },
        ].compactMap { $0 }
        guard ignored.isEmpty else { throw PlayCLIError.notForRunningPlayer(ignored) }
        if !choosing, let started = try RemotePlay.playQueue(shuffle: shuffle, repeat: `repeat`, to: running) {
          print(RemotePlay.told(started))
          return
        }
        // A query, or a running player with an empty queue: the songs go to it.
        let sent = try RemotePlay.send(
          try chosenBatch(library).songs, append: add, shuffle: shuffle, repeat: `repeat`, to: running)
        print(RemotePlay.told(sent))
        return
      }
      if let runningPlayer { throw PlayerRunningError(pid: runningPlayer.pid, socket: runningPlayer.socket) }
      // Before anything plays (and here, not in a daemon's log): a password file others can read is refused.
      let tcpPassword = try password()
      let mprisEnabled = try MPRISSetting.enabled(ConfigFile(paths: global.paths))
      if !daemon && !daemonChild && !line && TerminalInfo.isTerminal(STDOUT_FILENO) && TerminalInfo.isTerminal(STDIN_FILENO) {
        try await playInFullScreen(library: library, socketPath: socketPath)
        return
      }
      if daemon {
        if choosing { _ = try chosenBatch(library) }  // a bad query is reported here, not in the log
        let log = Daemon.logPath(global.paths)
        let pid = try Daemon.launch(socketPath: socketPath, log: log)
        print("tunes is playing in the background (pid \(pid), socket \(socketPath)); `tunes quit` ends it")
        return
      }
      // Held until this process ends: a second player on this library is refused, naming this one.
      let lock = try PlayerLock.take(database: global.databasePath, socket: socketPath)
      defer { withExtendedLifetime(lock) {} }
      let deviceName = device ?? ProcessInfo.processInfo.environment["TUNES_ALSA_DEVICE"] ?? "default"
      let paceMode = pace ?? .realtime
      let sink = PacedSink(ALSASink(device: deviceName), mode: paceMode)
      // Only audio someone hears as it plays counts as a play (and a listen).
      let player = Player(
        sink: sink, decoders: DecoderFactory(), library: library, seed: seed, countsPlays: paceMode == .realtime)
      let start = try await startingSession(player, library: library)

      let scrobbling = await ScrobblerWiring.start(player: player, library: library) { StandardError.print("tunes: \($0)") }
      let facts = await player.facts()
      switch start {
      case .current: try await player.play()
      case .entry(let id): try await player.play(id: id)
      case .none: break
      }
      // Ctrl-C is taken before the socket is served: once a client (or a script) sees the socket, an
      // interrupt ends the player the orderly way, never by the default action that leaves the socket behind.
      let interactive = !daemonChild && TerminalInfo.isTerminal(STDOUT_FILENO) && TerminalInfo.isTerminal(STDIN_FILENO)
      let rawMode = interactive ? RawMode() : nil
      let interrupt = InterruptHandler(restoring: rawMode)
      defer {
        rawMode?.restore()
        interrupt.cancel()
      }
      // Served once playing: a client (or `tunes play --daemon` waiting for the socket) never sees the start-up.
      let tcp = try listening()
      let service = try await PlayerService.start(
        player: player, library: library, socketPath: socketPath, listening: tcp, password: tcpPassword,
        mpris: mprisEnabled
          ? MPRISOptions(cacheFolder: global.paths.cacheDirectory + "/covers") { StandardError.print("tunes: \($0)") } : nil,
        autoUpdate: try LibraryAutoUpdate.Settings.read(ConfigFile(paths: global.paths), environment: global.paths.environment))
      if daemonChild {
        let port = service.server.tcpPort.map { " and \(tcp.address):\($0)" } ?? ""
        FileHandle.standardOutput.write(
          Data("tunes \(TunesVersion.string) serving \(socketPath)\(port) (pid \(getpid()))\n".utf8))
      }

      // Whichever ends first ends the command: the queue, a quit request, Ctrl-C or the `q` key.
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          // Ends when the queue does.
          for await fact in facts {
            switch fact {
            case .songStarted(let song, _):
              if !interactive {
                FileHandle.standardOutput.write(Data((TerminalText.safe(PlayerTerminalUI.name(of: song)) + "\n").utf8))
              }
            case .message(let text):
              if interactive { PlayerTerminalUI.clearLine() }
              StandardError.print("tunes: \(text)")
            case .failed(let error):
              // In the foreground the failure ends the command and is reported once, by its exit;
              // a daemon has no such exit, so its log gets the line.
              if daemonChild { StandardError.print("tunes: \(error)") }
            case .finished:
              if !daemonChild { return }  // a daemon stays, stopped, for its clients
            default:
              break
            }
          }
        }
        group.addTask {
          await service.waitForQuit()
        }
        group.addTask {
          for await _ in interrupt.interrupts { return }
        }
        if interactive {
          group.addTask {
            for await key in KeyReader.keys() {
              if !(await PlayerTerminalUI.handle(key, player: player)) { return }
            }
          }
          group.addTask {
            while !Task.isCancelled {
              PlayerTerminalUI.draw(await player.status())
              try? await Task.sleep(nanoseconds: 200_000_000)
            }
          }
        }
        await group.next()
        group.cancelAll()
      }
      if interactive { PlayerTerminalUI.clearLine() }
      service.stop()
      // Not `stop()`: that forgets the position. Shutting down pauses and saves the session as it is.
      await player.shutdown()
      await scrobbling.stop()
      if interrupt.wasInterrupted {
        rawMode?.restore()
        Foundation.exit(130)
      }
      if let failure = await player.failure() { throw failure }
    }
  }

  /// The password TCP clients must give: read only when TCP is served, from the file or config.toml.
  private func password() throws -> String? {
    guard try listening().port != nil else { return nil }
    return try MPDPassword.read(file: mpdPasswordFile, config: ConfigFile(paths: global.paths))
  }

  /// Where MPD clients reach the player over TCP (MPDListening: 127.0.0.1:6600 unless set otherwise).
  private func listening() throws -> MPDListening {
    try MPDListening.resolve(
      commandLinePort: mpdPort, environment: global.paths.environment, config: ConfigFile(paths: global.paths))
  }

  /// How play begins once the player is set up.
  enum SessionStart {
    /// As saved: paused, stopped, or an empty queue.
    case none
    /// The current entry (resumed where it was), else the queue's first.
    case current
    /// This entry: the first of songs added to a queue that had played to its end.
    case entry(Int)
  }

  /// Brings the saved session back and applies the arguments to it; returns how play starts. A query
  /// replaces the queue (`--add`: appends) and plays; no query plays the saved queue on from where it
  /// was, except that a daemon and `--resume` keep it as it was saved (as starting mpd does); nothing
  /// saved queues the whole library. `--shuffle` and `--repeat` change the saved modes only when given.
  private func startingSession(_ player: Player, library: Library) async throws -> SessionStart {
    let saved = try await player.restoreSession()
    if let limit = try ReplayGainLimitConfig.read(ConfigFile(paths: global.paths)) { await player.setReplayGainLimit(limit) }
    if let length = try QueueLengthConfig.read(ConfigFile(paths: global.paths)) { await player.setMaximumQueueLength(length) }
    let savedQueue = await player.status().queueLength > 0
    if resume && (saved == nil || !savedQueue) { throw PlayCLIError.nothingToResume }
    var start = SessionStart.current
    if choosing && add {
      let current = await player.status().currentID
      let ids = try await player.add(try chosenBatch(library))
      // A saved queue that had played to its end goes on with the songs just added.
      if current == nil, let first = ids.first { start = .entry(first) }
    } else if choosing || !savedQueue {
      // A new queue with --shuffle gets a pass of its own, made from the whole queue at once as on a
      // first start, so that --seed reproduces it whatever the saved session was.
      if shuffle { await player.setRandom(false) }
      let chosen = try chosenBatch(library)
      let limit = await player.queueLimit
      if chosen.count > limit {
        StandardError.print(
          "tunes: queued the first \(limit) of \(chosen.count) songs: the queue holds at most \(limit) "
            + "(max_playlist_length in the [player] section of config.toml)")
      }
      await player.replaceQueue(with: chosen)
    } else if daemonChild || resume {
      start = saved == .playing ? .current : .none
    }
    if shuffle { await player.setRandom(true) }
    if let mode = `repeat` { await player.setRepeat(mode) }
    return await player.status().queueLength > 0 ? start : .none
  }
}
