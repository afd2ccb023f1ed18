// The stored playlist commands (MPD's PlaylistCommands.cxx): listing, loading, saving, renaming and
// editing tunes' own playlists.

extension MPDDispatcher {
  static func listPlaylists(_ c: MPDCall, _ out: inout MPDReply) async throws {
    for list in try await c.backend.storedPlaylists() { write(list, to: &out) }
  }

  /// `listplaylist NAME [START:END]`: the songs' URIs.
  static func listPlaylist(_ c: MPDCall, _ out: inout MPDReply) async throws {
    for song in try await storedSongs(c) { out += "file: \(MPDFormat.line(song.file))\n" }
  }

  /// `listplaylistinfo NAME [START:END]`: the songs with their tags.
  static func listPlaylistInfo(_ c: MPDCall, _ out: inout MPDReply) async throws {
    for song in try await storedSongs(c) { MPDFormat.write(song, to: &out) }
  }

  /// The songs of the playlist the first argument names, inside the range of the second.
  private static func storedSongs(_ c: MPDCall) async throws -> [MPDSong] {
    let songs = try await c.backend.storedPlaylist(named: c.args[0])
    guard c.args.count == 2 else { return songs }
    return Array(songs[try clip(try c.args.range(1), count: songs.count, single: !c.args[1].contains(":"))])
  }

  /// `load NAME [START:END]`: appended to the queue; a third argument is accepted and not read.
  static func load(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await c.backend.load(playlist: c.args[0], range: c.args.count >= 2 ? try c.args.range(1) : nil)
  }

  /// `save NAME`: a second argument is accepted and not read.
  static func save(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await c.backend.save(playlist: try playlistName(c.args[0]))
  }

  static func remove(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await c.backend.remove(playlist: c.args[0])
  }

  static func rename(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await c.backend.rename(playlist: c.args[0], to: try playlistName(c.args[1]))
  }

  /// `playlistadd NAME URI`: a third argument is accepted and not read.
  static func playlistAdd(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await c.backend.playlistAdd(try playlistName(c.args[0]), uri: try c.uri(1))
  }

  static func playlistDelete(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await c.backend.playlistDelete(c.args[0], position: try c.args.unsigned(1))
  }

  static func playlistMove(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await c.backend.playlistMove(c.args[0], from: try c.args.unsigned(1), to: try c.args.unsigned(2))
  }

  static func playlistClear(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await c.backend.playlistClear(c.args[0])
  }

  /// A name a new playlist may take: not empty, no folder separator, one line.
  static func playlistName(_ name: String) throws(MPDError) -> String {
    guard !name.isEmpty, !name.contains("/"), !name.contains("\n"), !name.contains("\r") else {
      throw MPDError.argument("Bad playlist name")
    }
    return name
  }

  static func write(_ list: MPDStoredPlaylist, to out: inout MPDReply) {
    out += "playlist: \(MPDFormat.line(list.name))\n"
    if let modified = list.lastModified { out += "Last-Modified: \(MPDFormat.timestamp(modified))\n" }
  }
}
