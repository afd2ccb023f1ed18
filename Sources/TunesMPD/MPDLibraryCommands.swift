// The library commands (MPD's DatabaseCommands.cxx and the folder listings of OtherCommands.cxx):
// searching, counting, listing tag values, walking folders, and starting an update.

extension MPDDispatcher {
  // MARK: Searching

  static func find(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await findSongs(c, matchingSubstrings: false, addingThem: false, into: &out)
  }

  static func search(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await findSongs(c, matchingSubstrings: true, addingThem: false, into: &out)
  }

  static func findAdd(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await findSongs(c, matchingSubstrings: false, addingThem: true, into: &out)
  }

  static func searchAdd(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await findSongs(c, matchingSubstrings: true, addingThem: true, into: &out)
  }

  /// `searchaddpl NAME FILTER [sort TAG] [window START:END] [position POS]`: the matching songs added to a
  /// stored playlist (made when it does not exist), at its end or from POS on; a POS past the playlist's
  /// end is "Bad position", checked before anything is added.
  static func searchAddToPlaylist(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let name = try playlistName(c.args[0])
    var arguments = Array(c.args.values.dropFirst())
    var position: Int?
    if takePosition(&arguments) != nil {
      let value = try c.args.unsigned(c.args.count - 1)
      let length: Int
      do {
        length = try await c.backend.storedPlaylist(named: name).count
      } catch let error as MPDError where error.code == .noExist {
        length = 0
      }
      guard value <= length else { throw MPDError.argument("Bad position") }
      position = value
    }
    let songs = try await matchingSongs(arguments, c, matchingSubstrings: true)
    for song in songs { try await c.backend.playlistAdd(name, uri: song.file) }
    guard let position, !songs.isEmpty else { return }
    // Added at the end, then each moved to its place: the backend's playlists take songs at their end.
    let length = try await c.backend.storedPlaylist(named: name).count
    for offset in 0..<songs.count where length - songs.count + offset != position + offset {
      try await c.backend.playlistMove(name, from: length - songs.count + offset, to: position + offset)
    }
  }

  /// Takes a trailing `position POS` off the arguments (it comes after `sort` and `window`, as in MPD 0.23).
  private static func takePosition(_ arguments: inout [String]) -> String? {
    guard arguments.count >= 2, arguments[arguments.count - 2] == "position" else { return nil }
    defer { arguments.removeLast(2) }
    return arguments[arguments.count - 1]
  }

  /// The songs the filter of the arguments matches, sorted and windowed as the options ending them say.
  private static func matchingSongs(_ arguments: [String], _ c: MPDCall, matchingSubstrings substring: Bool) async throws
    -> [MPDSong]
  {
    var filter = arguments
    let options = try MPDFindOptions.take(from: &filter)
    guard !filter.isEmpty else { throw MPDError.argument("Incorrect number of filter arguments") }
    let songs = try await c.backend.songs(matching: try MPDFilter.parse(filter, substring: substring))
    return options.apply(to: MPDDatabaseOrder.sorted(songs))
  }

  /// The songs the filter of the arguments matches: listed, or added to the queue (at its end, or from
  /// the `position POS` that ends the arguments, read as `add` reads a position, before the search).
  private static func findSongs(
    _ c: MPDCall, matchingSubstrings substring: Bool, addingThem add: Bool, into out: inout MPDReply
  ) async throws {
    var arguments = c.args.values
    var position: Int?
    if add, let text = takePosition(&arguments) {
      position = try insertPosition(text, status: try await c.backend.status())
    }
    let songs = try await matchingSongs(arguments, c, matchingSubstrings: substring)
    if add {
      // As mpd: the songs go to the end, then move to the position as one range.
      var before = 0
      if position != nil { before = try await c.backend.status().playlistLength }
      for song in songs { try await c.backend.add(uri: song.file) }
      if let position, !songs.isEmpty, position < before {
        try await c.backend.move(positions: before..<before + songs.count, to: position)
      }
    } else {
      for song in songs { MPDFormat.write(song, to: &out) }
    }
  }

  /// `count FILTER [group TAG]`: how many songs match and how long they play, per group value if asked.
  static func count(_ c: MPDCall, _ out: inout MPDReply) async throws {
    var rest = c.args.values
    let groups = try takeGroups(&rest)
    guard groups.count <= 1 else { throw MPDError.argument("Too many groups") }
    let songs = try await c.backend.songs(matching: try MPDFilter.parse(rest, substring: false))
    func write(_ songs: some Collection<MPDSong>) {
      let seconds = songs.reduce(0.0) { $0 + ($1.duration ?? 0) }
      out += "songs: \(songs.count)\nplaytime: \(Int(seconds.rounded()))\n"
    }
    guard let group = groups.first else { return write(songs) }
    // One count per value of the group tag, sorted; a song counts under each of its values, one without
    // the tag under its fallback's or "", as in MPD.
    var groupsByValue: [String: [MPDSong]] = [:]
    for song in songs { for value in song.tags.listedValues(group) { groupsByValue[value, default: []].append(song) } }
    for (value, members) in groupsByValue.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
      out += "\(group.rawValue): \(MPDFormat.line(value))\n"
      write(members)
    }
  }

  /// `list TAG [FILTER] [group TAG]…`: the distinct values of a tag (or the files) among matching songs.
  static func list(_ c: MPDCall, _ out: inout MPDReply) async throws {
    var rest = Array(c.args.values.dropFirst())
    let name = c.args[0]
    let groups = try takeGroups(&rest)
    if name.lowercased() == "file" {
      for song in MPDDatabaseOrder.sorted(try await c.backend.songs(matching: try MPDFilter.parse(rest, substring: false))) {
        out += "file: \(MPDFormat.line(song.file))\n"
      }
      return
    }
    guard let tag = MPDTag(protocolName: name) else { throw MPDError.argument("Unknown tag type: \(name)") }
    // MPD's oldest form: `list Album ARTIST` filters by that artist.
    if tag == .album, rest.count == 1, !rest[0].hasPrefix("(") { rest = ["Artist", rest[0]] }
    let filter = try MPDFilter.parse(rest, substring: false)
    guard !groups.isEmpty else {
      for value in try await c.backend.tagValues(tag, matching: filter) {
        out += "\(tag.rawValue): \(MPDFormat.line(value))\n"
      }
      return
    }
    guard !groups.contains(tag) else { throw MPDError.argument("Conflicting group") }
    // Nested as MPD prints them: a group's line when its value changes, then the listed values under it.
    let levels = groups + [tag]
    var previous: [String] = []
    for row in try await c.backend.groupedTagValues(levels, matching: filter) {
      let changed = zip(row, previous).prefix { $0 == $1 }.count
      for level in changed..<row.count { out += "\(levels[level].rawValue): \(MPDFormat.line(row[level]))\n" }
      previous = row
    }
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

  // MARK: Folders

  /// `lsinfo [URI]`: a folder's children; the root also lists the stored playlists. A URI that names a
  /// song lists that song, as MPD does (`mpc ls FILE`).
  static func lsInfo(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let uri = try c.optionalURI(0)
    let entries: [MPDEntry]
    do {
      entries = try await c.backend.directory(uri)
    } catch let error as MPDError where error.code == .noExist && !uri.isEmpty {
      guard let song = try await song(uri, c.backend) else { throw error }
      return MPDFormat.write(song, to: &out)
    }
    for entry in MPDDatabaseOrder.sorted(entries) { write(entry, long: true, to: &out) }
    if uri.isEmpty {
      for list in try await c.backend.storedPlaylists() { write(list, to: &out) }
    }
  }

  static func listAll(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await writeListing(c, long: false, into: &out)
  }

  static func listAllInfo(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await writeListing(c, long: true, into: &out)
  }

  /// The library song whose URI is `uri`, nil when there is none.
  static func song(_ uri: String, _ backend: any MPDBackend) async throws -> MPDSong? {
    try await backend.songs(matching: MPDFilter([.init(field: .file, op: .equal, value: uri, ignoreCase: false)])).first
  }

  /// `listall` and `listallinfo`: every folder and song under the URI, songs with their tags when `long`.
  /// A folder other than the root comes first itself, as MPD lists it.
  private static func writeListing(_ c: MPDCall, long: Bool, into out: inout MPDReply) async throws {
    let uri = try c.optionalURI(0)
    let listing: [MPDEntry]
    do {
      listing = try await c.backend.listAll(uri, details: long)
    } catch let error as MPDError where error.code == .noExist && !uri.isEmpty {
      // A song's URI lists the song, as MPD does.
      guard let song = try await song(uri, c.backend) else { throw error }
      if long {
        MPDFormat.write(song, to: &out)
      } else {
        out += "file: \(MPDFormat.line(song.file))\n"
      }
      return
    }
    let entries = MPDDatabaseOrder.sorted(listing)
    if !uri.isEmpty {
      write(.directory(path: uri, lastModified: try await c.backend.folderModified(uri)), long: long, to: &out)
    }
    for entry in entries {
      switch entry {
      case .directory:
        write(entry, long: long, to: &out)
      case .song(let song):
        if long { MPDFormat.write(song, to: &out) } else { out += "file: \(MPDFormat.line(song.file))\n" }
      case .playlist:
        if long { write(entry, long: true, to: &out) }
      }
    }
  }

  /// `listfiles [URI]`: what the folder holds on disk, indexed or not: folders, and files with their size.
  static func listFiles(_ c: MPDCall, _ out: inout MPDReply) async throws {
    for entry in try await c.backend.listFiles(try c.optionalURI(0)) {
      out += "\(entry.isDirectory ? "directory" : "file"): \(MPDFormat.line(entry.name))\n"
      if let size = entry.size { out += "size: \(size)\n" }
      if let modified = entry.lastModified { out += "Last-Modified: \(MPDFormat.timestamp(modified))\n" }
    }
  }

  /// `readcomments URI`: the song file's own tag pairs, as MPD's decoder reports them (Vorbis comments of
  /// FLAC, Ogg and Opus; FFmpeg's metadata of MP4; none for MP3), printed as MPD prints them: only names of
  /// ASCII letters, `_` and `-` starting with a letter, and values without control characters.
  static func readComments(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let uri = try c.uri(0)
    guard try await song(uri, c.backend) != nil else { throw MPDError.noExist("No such song") }
    for pair in try await c.backend.comments(uri: uri) where isCommentName(pair.name) && isCommentValue(pair.value) {
      out += "\(pair.name): \(pair.value)\n"
    }
  }

  static func isCommentName(_ name: String) -> Bool {
    func letter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    guard let first = name.utf8.first, letter(first) else { return false }
    return name.utf8.allSatisfy { letter($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
  }

  static func isCommentValue(_ value: String) -> Bool { value.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F } }

  /// `update [URI]` and `rescan [URI]`, which tunes runs alike: the job's id. The folder is one inside the
  /// music folder, whichever client asks (`MPDURIResolver.updateFolder`).
  static func update(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let folder = c.args.count == 1 ? try MPDURIResolver.updateFolder(c.args[0]) : nil
    out += "updating_db: \(try await c.backend.update(uri: folder))\n"
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
}
