// MPD's stored playlists are tunes' own playlists: each call goes to the PlaylistStore (one transaction
// per change) and announces `stored_playlist`. MPD positions are 0-based, the store's are 1-based.
import Foundation
import TunesLibrary
import TunesMPD
import TunesPlaylists

extension PlayerBackend {
  /// PlaylistError → the ACK MPD gives for the same situation.
  func translatingPlaylist<T>(_ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let error as PlaylistError {
      switch error {
      case .unknownPlaylist: throw MPDError.noExist("No such playlist")
      case .nameExists: throw MPDError.exist("Playlist already exists")
      case .positionOutOfRange: throw MPDError.argument("Bad song index")
      case .emptyName, .controlCharacter, .smartPlaylist, .notInLibrary: throw MPDError.argument(error.description)
      default: throw MPDError.system(error.description)
      }
    }
  }

  public func storedPlaylists() async throws -> [MPDStoredPlaylist] {
    try await translatingPlaylist {
      try await playlists.list().map { MPDStoredPlaylist(name: $0.name, lastModified: $0.modifiedAt) }
    }
  }

  public func storedPlaylist(named name: String) async throws -> [MPDSong] {
    let folder = try folder()
    return try LibrarySongs.mpdSongs(try await playlistSongs(name), library: library, folder: folder)
  }

  /// The playlist's songs (PlaylistSongs): the library's song when still indexed, else what the entry kept.
  func playlistSongs(_ name: String) async throws -> [Song] {
    try await translatingPlaylist { try await playlists.songs(playlist: name) }
  }

  public func load(playlist name: String, range: MPDRange?) async throws {
    var songs = try await playlistSongs(name)
    if let range {
      // As mpd 0.23 reads the playlist: songs from START until END or the playlist's end, so a range
      // reaching or starting past the end loads what there is, possibly nothing, and is no error.
      let start = min(range.start, songs.count)
      songs = Array(songs[start..<max(start, min(range.end ?? songs.count, songs.count))])
    }
    guard !songs.isEmpty else { return }
    let adding = songs
    _ = try await translate { try await player.add(adding) }
  }

  public func save(playlist name: String) async throws {
    let songs = await player.queueEntries().map(\.song)
    _ = try await translatingPlaylist { try await playlists.save(name: name, songs: songs) }
    emit([.storedPlaylist])
  }

  public func remove(playlist name: String) async throws {
    try await translatingPlaylist { try await playlists.delete(name: name) }
    emit([.storedPlaylist])
  }

  /// MPD answers a taken name (its own included) with "Playlist exists already", not `save`'s words.
  public func rename(playlist name: String, to newName: String) async throws {
    try await translatingPlaylist {
      let names = try await playlists.list().map(\.name)
      guard names.contains(name) else { throw MPDError.noExist("No such playlist") }
      guard !names.contains(newName) else { throw MPDError.exist("Playlist exists already") }
      try await playlists.rename(name, to: newName)
    }
    emit([.storedPlaylist])
  }

  public func playlistAdd(_ name: String, uri: String) async throws {
    let songs = try songs(forURI: uri)
    try await translatingPlaylist {
      let exists = try await playlists.list().contains { $0.name == name }
      if exists {
        _ = try await playlists.add(name: name, songs: songs)
      } else {
        _ = try await playlists.create(name: name, songs: songs)
      }
    }
    emit([.storedPlaylist])
  }

  public func playlistDelete(_ name: String, position: Int) async throws {
    _ = try await translatingPlaylist { try await playlists.remove(name: name, positions: [PositionRange(position + 1)]) }
    emit([.storedPlaylist])
  }

  public func playlistMove(_ name: String, from: Int, to: Int) async throws {
    try await translatingPlaylist { try await playlists.move(name: name, from: from + 1, to: to + 1) }
    emit([.storedPlaylist])
  }

  public func playlistClear(_ name: String) async throws {
    _ = try await translatingPlaylist {
      _ = try await playlists.show(name: name)  // an unknown name is refused, not created
      return try await playlists.save(name: name, songs: [], replacing: true)
    }
    emit([.storedPlaylist])
  }
}
