// What `tunes play` queues: songs of a library query (with --album/--artist), or of a stored playlist.
import Foundation
import TunesCore
import TunesLibrary
import TunesPlaylists

enum PlayCLIError: TunesError {
  case nothingMatched(String)
  case noSuchPlaylist(String)
  case nothingToResume
  /// Options that only a new player can take, given while one runs.
  case notForRunningPlayer([String])
  /// The player's queue reached its bound (`max_playlist_length`): `added` of `chosen` songs went in.
  case queueFull(added: Int, chosen: Int, length: Int)

  var exitStatus: ExitStatus {
    switch self {
    case .nothingMatched, .noSuchPlaylist, .nothingToResume: return .noInput
    case .notForRunningPlayer: return .usage
    case .queueFull: return .partial
    }
  }

  var description: String {
    switch self {
    case .nothingMatched(let query):
      return query.isEmpty ? "the library has no songs (run `tunes index` first)" : "no songs match \(query)"
    case .noSuchPlaylist(let name): return "no playlist named \"\(name)\""
    case .nothingToResume: return "there is no saved session to resume"
    case .notForRunningPlayer(let options):
      return "\(options.joined(separator: ", ")) cannot change the running player; end it with `tunes quit` first"
    case .queueFull(let added, let chosen, let length):
      return "the player's queue is full at \(length) songs (max_playlist_length in the [player] section of "
        + "config.toml): \(added) of the \(chosen) songs chosen were queued"
    }
  }
}

enum PlayQueueSource {
  /// Songs of the query words plus `artist:`/`album:` terms (no words: the whole library), packed as they
  /// are read, in the listings' order (DefaultSongOrder).
  static func batch(library: Library, words: [String], artist: String?, album: String?) throws -> SongBatch {
    try DefaultSongOrder.batch(matching: query(words: words, artist: artist, album: album), in: library)
  }

  private static func query(words: [String], artist: String?, album: String?) throws -> LibraryQuery {
    try LibraryQuery.parse(arguments: words + exactTerms(artist: artist, album: album))
  }

  /// The query terms of `--artist` and `--album`: the exact name, case of ASCII letters aside, as mpc's
  /// `findadd artist X` (`artist:=~X`, the credit or any one of the names), never its words: `--album
  /// 'Midnight Reservoir'` leaves out "Midnight Reservoir (Deluxe Edition)". Free words are the query's.
  static func exactTerms(artist: String?, album: String?) -> [String] {
    [artist.map { "artist:=~\($0)" }, album.map { "album:=~\($0)" }].compactMap { $0 }
  }

  /// The songs of a playlist in order (a smart one's query result), as PlaylistSongs answers for every reader.
  static func playlist(library: Library, name: String) throws -> [Song] {
    guard let songs = try PlaylistSongs.songs(named: name, library: library) else {
      throw PlayCLIError.noSuchPlaylist(name)
    }
    return songs
  }
}
