// The command table: what each MPD command does to the backend and how its reply is written. Runs
// inside a task (never on the server's event-loop thread); connection-level commands (idle, noidle,
// close, command lists) are handled by MPDSession before anything gets here.
import Foundation

/// Executes parsed requests against a backend and writes MPD's reply bodies.
public struct MPDDispatcher: Sendable {
  public let backend: any MPDBackend

  public init(backend: any MPDBackend) { self.backend = backend }

  /// Commands that need no password.
  static let alwaysAllowed: Set<String> = ["ping", "password", "close", "commands", "notcommands", "binarylimit"]

  /// Every command tunes understands (what `commands` lists), sorted as MPD lists them.
  public static let supportedCommands: [String] = [
    "add", "addid", "albumart", "binarylimit", "clear", "clearerror", "close", "command_list_begin", "command_list_end",
    "command_list_ok_begin", "commands", "consume", "count", "currentsong", "decoders", "delete", "deleteid",
    "disableoutput", "enableoutput", "find", "findadd", "getvol", "idle", "kill", "list", "listall", "listallinfo", "listplaylist",
    "listplaylistinfo", "listplaylists", "load", "lsinfo", "move", "next", "noidle", "notcommands", "outputs",
    "password", "pause", "ping", "play", "playid", "playlist", "playlistadd", "playlistclear",
    "playlistdelete", "playlistfind", "playlistid", "playlistinfo", "playlistmove", "playlistsearch", "plchanges", "plchangesposid", "previous",
    "random", "readpicture", "rename", "repeat", "replay_gain_status", "rescan", "rm", "save", "search", "searchadd", "seek",
    "seekcur", "seekid", "setvol", "shuffle", "single", "stats", "status", "stop", "tagtypes", "toggleoutput", "update",
    "urlhandlers", "volume",
  ]

  static let supportedSet = Set(supportedCommands)

  /// Runs one command and appends its reply (without the final OK) to `out`.
  public func execute(
    _ request: MPDRequest, authorized: Bool, binaryLimit: Int = defaultBinaryLimit, into out: inout MPDReply
  ) async throws(MPDError) {
    guard Self.supportedSet.contains(request.command) else {
      throw MPDError(.unknown, "unknown command \"\(request.command)\"")
    }
    guard authorized || Self.alwaysAllowed.contains(request.command) else {
      throw MPDError(.permission, "you don't have permission for \"\(request.command)\"")
    }
    do {
      try await run(request, authorized: authorized, binaryLimit: binaryLimit, into: &out)
    } catch let error as MPDError {
      throw error
    } catch {
      throw MPDError.system("\(error)")
    }
  }

  private func run(_ request: MPDRequest, authorized: Bool, binaryLimit: Int, into out: inout MPDReply) async throws {
    let args = MPDArguments(request)
    let b = backend
    switch request.command {
    case "ping":
      try args.expect(0...0)
    case "status":
      try args.expect(0...0)
      Self.write(try await b.status(), to: &out)
    case "currentsong":
      try args.expect(0...0)
      if let song = try await b.currentSong() { MPDFormat.write(song, to: &out) }
    case "stats":
      try args.expect(0...0)
      let s = try await b.stats()
      out += "uptime: \(s.uptime)\nplaytime: \(s.playtime)\nartists: \(s.artists)\nalbums: \(s.albums)\n"
      out += "songs: \(s.songs)\ndb_playtime: \(s.databasePlaytime)\ndb_update: \(s.databaseUpdate)\n"

    // MARK: Playback
    case "play":
      try args.expect(0...1)
      let position = args.count == 1 ? try args.integer(0) : -1
      try await b.play(position: position < 0 ? nil : try checkedPosition(position, orBad: "Bad song index"))
    case "playid":
      try args.expect(0...1)
      let id = args.count == 1 ? try args.integer(0) : -1
      if id < 0 { try await b.play(position: nil) } else { try await b.play(id: id) }
    case "pause":
      try args.expect(0...1)
      try await b.pause(args.count == 1 ? try args.bool(0) : nil)
    case "stop":
      try args.expect(0...0)
      try await b.stop()
    case "next":
      try args.expect(0...0)
      try await b.next()
    case "previous":
      try args.expect(0...0)
      try await b.previous()
    case "seek":
      try args.expect(2...2)
      let position = try args.unsigned(0)
      let seconds = try args.seconds(1)
      try await b.seek(position: try checkedPosition(position, orBad: "Bad song index"), to: max(seconds, 0))
    case "seekid":
      try args.expect(2...2)
      try await b.seek(id: try args.unsigned(0), to: max(try args.seconds(1), 0))
    case "seekcur":
      try args.expect(1...1)
      let text = args[0]
      let value = try args.seconds(0)
      try await b.seekCurrent(text.hasPrefix("+") || text.hasPrefix("-") ? .relative(value) : .absolute(value))

    // MARK: Mixer and options
    case "setvol":
      try args.expect(1...1)
      let volume = try args.integer(0)
      guard volume >= 0 else { throw MPDError.argument("Number is negative: \(args[0])") }
      guard volume <= 100 else { throw MPDError.argument("Number too large: \(args[0])") }
      try await b.setVolume(volume)
    case "volume":
      try args.expect(1...1)
      let delta = try args.integer(0)
      guard delta >= -100 else { throw MPDError.argument("Number too small: \(args[0])") }
      guard delta <= 100 else { throw MPDError.argument("Number too large: \(args[0])") }
      try await b.changeVolume(by: delta)
    case "getvol":
      try args.expect(0...0)
      if let volume = try await b.status().volume { out += "volume: \(volume)\n" }
    case "random":
      try args.expect(1...1)
      try await b.setRandom(try args.bool(0))
    case "repeat":
      try args.expect(1...1)
      try await b.setRepeat(try args.bool(0))
    case "single":
      try args.expect(1...1)
      guard let mode = MPDOnceMode(rawValue: args[0]) else {
        throw MPDError.argument("Unrecognized single mode, expected 0, 1, or oneshot")
      }
      try await b.setSingle(mode)
    case "consume":
      try args.expect(1...1)
      guard let mode = MPDOnceMode(rawValue: args[0]) else {
        throw MPDError.argument("Unrecognized consume mode, expected 0, 1, or oneshot")
      }
      try await b.setConsume(mode)
    case "replay_gain_status":
      try args.expect(0...0)
      out += "replay_gain_mode: off\n"

    // MARK: Queue
    case "playlistinfo":
      try args.expect(0...1)
      let queue = try await b.queue()
      var items = queue.items[...]
      if args.count == 1 {
        let bounds = try Self.clip(try args.range(0), count: queue.items.count, single: !args[0].contains(":"))
        items = queue.items[bounds]
      }
      for item in items { MPDFormat.write(item.song, to: &out) }
    case "playlistid":
      try args.expect(0...1)
      let queue = try await b.queue()
      if args.count == 1 {
        let id = try args.unsigned(0)
        guard let item = queue.items.first(where: { $0.song.id == id }) else { throw MPDError.noExist("No such song") }
        MPDFormat.write(item.song, to: &out)
      } else {
        for item in queue.items { MPDFormat.write(item.song, to: &out) }
      }
    case "playlistfind", "playlistsearch":
      try args.expect(1...Int.max)
      let matcher = MPDFilter.Matcher(try MPDFilter.parse(args.values, substring: request.command == "playlistsearch"))
      for item in try await b.queue().items where matcher.matches(item.song) { MPDFormat.write(item.song, to: &out) }
    case "playlist":
      try args.expect(0...0)
      for item in try await b.queue().items { out += "\(item.song.position ?? 0):file: \(MPDFormat.line(item.song.file))\n" }
    case "plchanges", "plchangesposid":
      try args.expect(1...2)
      let version = try args.integer(0)
      let queue = try await b.queue()
      var window = 0..<queue.items.count
      if args.count == 2 {
        let range = try args.range(1)
        window = max(range.start, 0)..<max(min(range.end ?? queue.items.count, queue.items.count), max(range.start, 0))
        if range.start > queue.items.count { window = queue.items.count..<queue.items.count }
      }
      for item in queue.items[window] where item.version > version || version > queue.version {
        if request.command == "plchanges" {
          MPDFormat.write(item.song, to: &out)
        } else {
          out += "cpos: \(item.song.position ?? 0)\nId: \(item.song.id ?? 0)\n"
        }
      }
    case "add":
      try args.expect(1...2)
      if args.count == 2 {
        _ = try await b.addID(uri: args[0], position: try insertPosition(args[1], status: try await b.status()))
      } else {
        try await b.add(uri: args[0])
      }
    case "addid":
      try args.expect(1...2)
      let position = args.count == 2 ? try insertPosition(args[1], status: try await b.status()) : nil
      out += "Id: \(try await b.addID(uri: args[0], position: position))\n"
    case "delete":
      try args.expect(1...1)
      let range = try args.range(0)
      let length = try await b.status().playlistLength
      guard let bounds = range.clamped(count: length), !bounds.isEmpty else { throw MPDError.argument("Bad song index") }
      try await b.delete(positions: bounds)
    case "deleteid":
      try args.expect(1...1)
      try await b.delete(id: try args.unsigned(0))
    case "move":
      try args.expect(2...2)
      let range = try args.range(0)
      let status = try await b.status()
      let length = status.playlistLength
      guard let bounds = range.clamped(count: length), !bounds.isEmpty else { throw MPDError.argument("Bad song index") }
      let to = try moveDestination(args[1], moving: bounds, status: status)
      guard to >= 0, to + bounds.count <= length else { throw MPDError.argument("Bad song index") }
      try await b.move(positions: bounds, to: to)
    case "clear":
      try args.expect(0...0)
      try await b.clear()
    case "shuffle":
      try args.expect(0...1)
      if args.count == 1 {
        let length = try await b.status().playlistLength
        guard let bounds = try args.range(0).clamped(count: length) else { throw MPDError.argument("Bad song index") }
        try await b.shuffle(positions: bounds)
      } else {
        try await b.shuffle(positions: nil)
      }

    // MARK: Stored playlists
    case "listplaylists":
      try args.expect(0...0)
      for list in try await b.storedPlaylists() { Self.write(list, to: &out) }
    case "listplaylist", "listplaylistinfo":
      try args.expect(1...2)
      var songs = try await b.storedPlaylist(named: args[0])
      if args.count == 2 {
        songs = Array(songs[try Self.clip(try args.range(1), count: songs.count, single: !args[1].contains(":"))])
      }
      for song in songs {
        if request.command == "listplaylist" { out += "file: \(MPDFormat.line(song.file))\n" } else { MPDFormat.write(song, to: &out) }
      }
    case "load":
      try args.expect(1...3)
      try await b.load(playlist: args[0], range: args.count >= 2 ? try args.range(1) : nil)
    case "save":
      try args.expect(1...2)
      try await b.save(playlist: try playlistName(args[0]))
    case "rm":
      try args.expect(1...1)
      try await b.remove(playlist: args[0])
    case "rename":
      try args.expect(2...2)
      try await b.rename(playlist: args[0], to: try playlistName(args[1]))
    case "playlistadd":
      try args.expect(2...3)
      try await b.playlistAdd(try playlistName(args[0]), uri: args[1])
    case "playlistdelete":
      try args.expect(2...2)
      try await b.playlistDelete(args[0], position: try args.unsigned(1))
    case "playlistmove":
      try args.expect(3...3)
      try await b.playlistMove(args[0], from: try args.unsigned(1), to: try args.unsigned(2))
    case "playlistclear":
      try args.expect(1...1)
      try await b.playlistClear(args[0])

    // MARK: Library
    case "find", "search", "findadd", "searchadd":
      try args.expect(1...Int.max)
      let substring = request.command.hasPrefix("search")
      let songs = try await b.songs(matching: try MPDFilter.parse(args.values, substring: substring))
      if request.command.hasSuffix("add") {
        for song in songs { try await b.add(uri: song.file) }
      } else {
        for song in songs { MPDFormat.write(song, to: &out) }
      }
    case "count":
      try args.expect(0...Int.max)
      var rest = args.values
      let groups = try Self.takeGroups(&rest)
      guard groups.count <= 1 else { throw MPDError.argument("Too many groups") }
      let songs = try await b.songs(matching: try MPDFilter.parse(rest, substring: false))
      func write(_ songs: some Collection<MPDSong>) {
        let seconds = songs.reduce(0.0) { $0 + ($1.duration ?? 0) }
        out += "songs: \(songs.count)\nplaytime: \(Int(seconds.rounded()))\n"
      }
      guard let group = groups.first else { return write(songs) }
      // One count per value of the group tag, sorted; songs without it count under "", as in MPD.
      for (value, members) in Dictionary(grouping: songs, by: { $0.tags[group] ?? "" }).sorted(by: { $0.key < $1.key }) {
        out += "\(group.rawValue): \(MPDFormat.line(value))\n"
        write(members)
      }
    case "list":
      try args.expect(1...Int.max)
      var rest = Array(args.values.dropFirst())
      let name = args[0]
      let groups = try Self.takeGroups(&rest)
      if name.lowercased() == "file" {
        for song in try await b.songs(matching: try MPDFilter.parse(rest, substring: false)) {
          out += "file: \(MPDFormat.line(song.file))\n"
        }
        return
      }
      guard let tag = MPDTag(protocolName: name) else { throw MPDError.argument("Unknown tag type: \(name)") }
      // MPD's oldest form: `list Album ARTIST` filters by that artist.
      if tag == .album, rest.count == 1, !rest[0].hasPrefix("(") { rest = ["Artist", rest[0]] }
      let filter = try MPDFilter.parse(rest, substring: false)
      guard !groups.isEmpty else {
        for value in try await b.tagValues(tag, matching: filter) { out += "\(tag.rawValue): \(MPDFormat.line(value))\n" }
        return
      }
      guard !groups.contains(tag) else { throw MPDError.argument("Conflicting group") }
      // Nested as MPD prints them: a group's line when its value changes, then the listed values under it.
      let levels = groups + [tag]
      var previous: [String] = []
      for row in try await b.groupedTagValues(levels, matching: filter) {
        let changed = zip(row, previous).prefix { $0 == $1 }.count
        for level in changed..<row.count { out += "\(levels[level].rawValue): \(MPDFormat.line(row[level]))\n" }
        previous = row
      }
    case "lsinfo":
      try args.expect(0...1)
      let uri = Self.folder(args.count == 1 ? args[0] : "")
      for entry in try await b.directory(uri) { Self.write(entry, long: true, to: &out) }
      if uri.isEmpty {
        for list in try await b.storedPlaylists() { Self.write(list, to: &out) }
      }
    case "listall", "listallinfo":
      try args.expect(0...1)
      try await writeListing(Self.folder(args.count == 1 ? args[0] : ""), long: request.command == "listallinfo", into: &out)
    case "update", "rescan":
      try args.expect(0...1)
      out += "updating_db: \(try await b.update(uri: args.count == 1 ? Self.folder(args[0]) : nil))\n"

    // MARK: Server facts
    case "commands":
      try args.expect(0...0)
      for name in Self.supportedCommands where authorized || Self.alwaysAllowed.contains(name) { out += "command: \(name)\n" }
    case "notcommands":
      try args.expect(0...0)
      if !authorized {
        for name in Self.supportedCommands where !Self.alwaysAllowed.contains(name) { out += "command: \(name)\n" }
      }
    case "tagtypes":
      // `tagtypes` lists; `tagtypes clear|all|enable|disable …` are accepted and ignored (tunes always
      // sends all of its few tags).
      if args.count == 0 {
        for tag in MPDTag.allCases { out += "tagtype: \(tag.rawValue)\n" }
      }
    case "outputs":
      try args.expect(0...0)
      out += "outputid: 0\noutputname: tunes\nplugin: alsa\noutputenabled: 1\n"
    case "enableoutput", "disableoutput", "toggleoutput":
      // The one output, the ALSA device the player was started on, is always on: enabling it is a no-op,
      // and turning it off is refused (pause does that) rather than acknowledged and not done.
      try args.expect(1...1)
      guard try args.unsigned(0) == 0 else { throw MPDError.noExist("No such audio output") }
      if request.command != "enableoutput" { throw MPDError.argument("tunes' one output cannot be disabled; use pause") }
    case "clearerror":
      try args.expect(0...0)
      try await b.clearError()
    case "decoders":
      try args.expect(0...0)
      out += "plugin: mpg123\nsuffix: mp3\nmime_type: audio/mpeg\n"
    case "urlhandlers":
      try args.expect(0...0)
      out += "handler: file://\n"
    case "albumart":
      try await writeAlbumArt(args, binaryLimit: binaryLimit, into: &out)
    case "readpicture":
      try await writePicture(args, binaryLimit: binaryLimit, into: &out)
    case "kill":
      try args.expect(0...0)
      try await b.shutdown()
    default:
      // Connection commands reach here only when misused (e.g. `idle` inside a command list).
      throw MPDError.argument("\"\(request.command)\" is not allowed here")
    }
  }

  /// MPD clips a range's end to the list; a start beyond it (or a single missing item) is an error.
  static func clip(_ range: MPDRange, count: Int, single: Bool) throws(MPDError) -> Range<Int> {
    let upper = min(range.end ?? count, count)
    guard single ? range.start < count : range.start <= upper else { throw MPDError.argument("Bad song index") }
    return range.start..<upper
  }

  private func checkedPosition(_ position: Int, orBad message: String) throws -> Int {
    guard position >= 0 else { throw MPDError.argument(message) }
    return position
  }

  /// Where `add`/`addid` insert: `N` absolute; MPD 0.23's `+N` N songs after the current one (`+0` right
  /// after it) and `-N` N songs before it (`-0` right before it).
  private func insertPosition(_ text: String, status: MPDStatus) throws -> Int {
    let position: Int
    switch try Self.relative(text) {
    case (nil, let value): position = value
    case ("+", let offset): position = try Self.current(status) + 1 + offset
    case (_, let offset): position = try Self.current(status) - offset
    }
    guard position >= 0, position <= status.playlistLength else { throw MPDError.argument("Bad song index") }
    return position
  }

  /// Where `move` puts a range: `N` absolute; `+N`/`-N` relative to the current song as it stands once the
  /// range is taken out (`+0` right after it, `-0` right before it), as MPD 0.23 reads them.
  private func moveDestination(_ text: String, moving range: Range<Int>, status: MPDStatus) throws -> Int {
    let (sign, value) = try Self.relative(text)
    guard let sign else { return value }
    var current = try Self.current(status)
    if range.contains(current) { throw MPDError.argument("Cannot move current song relative to itself") }
    if current >= range.upperBound { current -= range.count }
    return sign == "+" ? current + 1 + value : current - value
  }

  /// A position's sign (`+`/`-` for MPD's relative positions, nil for an absolute one) and its number.
  private static func relative(_ text: String) throws(MPDError) -> (sign: Character?, value: Int) {
    let sign = text.first.flatMap { $0 == "+" || $0 == "-" ? $0 : nil }
    let digits = sign == nil ? Substring(text) : text.dropFirst()
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let value = Int(digits) else {
      throw MPDError.argument("Integer expected: \(text)")
    }
    return (sign, value)
  }

  private static func current(_ status: MPDStatus) throws(MPDError) -> Int {
    guard let song = status.song, song < status.playlistLength else { throw MPDError(.playerSync, "No current song") }
    return song
  }

  private func playlistName(_ name: String) throws -> String {
    guard !name.isEmpty, !name.contains("/"), !name.contains("\n"), !name.contains("\r") else {
      throw MPDError.argument("Bad playlist name")
    }
    return name
  }

  private static func folder(_ uri: String) -> String {
    var value = uri
    while value.hasPrefix("/") { value.removeFirst() }
    while value.hasSuffix("/") { value.removeLast() }
    return value
  }

  /// The `group TAG` pairs that end the arguments of `list` and `count`, taken off `arguments`: the last
  /// one names the outermost group (MPD's order).
  static func takeGroups(_ arguments: inout [String]) throws(MPDError) -> [MPDTag] {
    var groups: [MPDTag] = []
    while arguments.count >= 2, arguments[arguments.count - 2].lowercased() == "group" {
      guard let group = MPDTag(protocolName: arguments[arguments.count - 1]) else {
        throw MPDError.argument("Unknown tag type: \(arguments[arguments.count - 1])")
      }
      guard !groups.contains(group) else { throw MPDError.argument("Conflicting group") }
      groups.append(group)
      arguments.removeLast(2)
    }
    return groups
  }

  /// `listall` and `listallinfo`: every folder and song under `uri`, songs with their tags when `long`.
  private func writeListing(_ uri: String, long: Bool, into out: inout MPDReply) async throws {
    for entry in try await backend.listAll(uri, details: long) {
      switch entry {
      case .directory:
        Self.write(entry, long: long, to: &out)
      case .song(let song):
        if long { MPDFormat.write(song, to: &out) } else { out += "file: \(MPDFormat.line(song.file))\n" }
      case .playlist:
        if long { Self.write(entry, long: true, to: &out) }
      }
    }
  }

  static func write(_ entry: MPDEntry, long: Bool, to out: inout MPDReply) {
    switch entry {
    case .directory(let path, let modified):
      out += "directory: \(MPDFormat.line(path))\n"
      if long, let modified { out += "Last-Modified: \(MPDFormat.timestamp(modified))\n" }
    case .song(let song):
      MPDFormat.write(song, to: &out)
    case .playlist(let list):
      write(list, to: &out)
    }
  }

  static func write(_ list: MPDStoredPlaylist, to out: inout MPDReply) {
    out += "playlist: \(MPDFormat.line(list.name))\n"
    if let modified = list.lastModified { out += "Last-Modified: \(MPDFormat.timestamp(modified))\n" }
  }

  /// MPD's key order for `status`; `time`, `elapsed`, `bitrate`, `duration`, `audio` only while a song plays or pauses.
  static func write(_ s: MPDStatus, to out: inout MPDReply) {
    if let volume = s.volume { out += "volume: \(volume)\n" }
    out += "repeat: \(s.repeatMode ? 1 : 0)\nrandom: \(s.random ? 1 : 0)\n"
    out += "single: \(s.single.rawValue)\nconsume: \(s.consume.rawValue)\npartition: default\n"
    out += "playlist: \(s.playlistVersion)\nplaylistlength: \(s.playlistLength)\nmixrampdb: 0\n"
    out += "state: \(s.state.rawValue)\n"
    if let song = s.song, let id = s.songID { out += "song: \(song)\nsongid: \(id)\n" }
    if s.state != .stop {
      let elapsed = s.elapsed ?? 0
      out += "time: \(Int(elapsed.rounded())):\(Int((s.duration ?? 0).rounded()))\n"
      out += "elapsed: \(MPDFormat.seconds(elapsed))\n"
      out += "bitrate: \(s.bitrate ?? 0)\n"
      if let duration = s.duration { out += "duration: \(MPDFormat.seconds(duration))\n" }
      if let audio = s.audio { out += "audio: \(audio)\n" }
    }
    if let next = s.nextSong, let id = s.nextSongID { out += "nextsong: \(next)\nnextsongid: \(id)\n" }
    if let job = s.updatingDatabase { out += "updating_db: \(job)\n" }
    if let error = s.error { out += "error: \(MPDFormat.line(error))\n" }
  }
}
