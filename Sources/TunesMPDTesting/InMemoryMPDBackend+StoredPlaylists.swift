// The in-memory backend's stored playlists: saved, loaded, renamed and edited by name.
import Foundation
import TunesMPD

extension InMemoryMPDBackend {
  public func storedPlaylists() -> [MPDStoredPlaylist] {
    playlists.keys.sorted().map { MPDStoredPlaylist(name: $0, lastModified: playlists[$0]?.modified) }
  }

  func playlist(_ name: String) throws -> [MPDSong] {
    guard let list = playlists[name] else { throw MPDError.noExist("No such playlist") }
    return list.songs
  }

  public func storedPlaylist(named name: String) throws -> [MPDSong] { try playlist(name) }

  public func load(playlist name: String, range: MPDRange?) throws {
    record("load \(name)")
    var songs = try playlist(name)
    if let range {
      let start = min(range.start, songs.count)  // past the end: nothing, as mpd 0.23
      songs = Array(songs[start..<max(start, min(range.end ?? songs.count, songs.count))])
    }
    guard !songs.isEmpty else { return }
    _ = insert(songs, at: queueItems.count)
  }

  func store(_ name: String, _ songs: [MPDSong]) {
    playlists[name] = (songs.map { MPDSong(file: $0.file, tags: $0.tags, duration: $0.duration) }, Date())
    emit([.storedPlaylist])
  }

  public func save(playlist name: String) throws {
    record("save \(name)")
    guard playlists[name] == nil else { throw MPDError.exist("Playlist already exists") }
    store(name, queueItems.map(\.song))
  }

  public func remove(playlist name: String) throws {
    record("rm \(name)")
    _ = try playlist(name)
    playlists[name] = nil
    emit([.storedPlaylist])
  }

  public func rename(playlist name: String, to newName: String) throws {
    let songs = try playlist(name)
    guard playlists[newName] == nil else { throw MPDError.exist("Playlist exists already") }
    playlists[name] = nil
    store(newName, songs)
  }

  public func playlistAdd(_ name: String, uri: String) throws {
    store(name, (playlists[name]?.songs ?? []) + (try songs(under: uri)))
  }

  public func playlistDelete(_ name: String, position: Int) throws {
    var songs = try playlist(name)
    guard position < songs.count else { throw MPDError.argument("Bad song index") }
    songs.remove(at: position)
    store(name, songs)
  }

  public func playlistMove(_ name: String, from: Int, to: Int) throws {
    var songs = try playlist(name)
    guard from < songs.count, to < songs.count else { throw MPDError.argument("Bad song index") }
    songs.insert(songs.remove(at: from), at: to)
    store(name, songs)
  }

  public func playlistClear(_ name: String) throws {
    _ = try playlist(name)
    store(name, [])
  }
}
