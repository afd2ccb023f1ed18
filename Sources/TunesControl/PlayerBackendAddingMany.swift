// The real backend's `add`: a command list's `add` lines as a batch, and a single `add` as a batch of one.
// Every URI naming one indexed file is looked up in a single query, then all the songs go to the player
// in one call, one queue version per URI as separate `add`s leave it. One backend call per `add` cost a
// read transaction and a queue change (an event, a replan, a state snapshot) each.
import TunesLibrary
import TunesMPD
import TunesPlayer

extension PlayerBackend: MPDAddingMany {
  /// One `add` goes the way a list's do: a folder fills the queue up to its bound before the error, as
  /// MPD's adds one song at a time until its queue is full.
  public func add(uri: String) async throws {
    do {
      try await add(uris: [uri])
    } catch let failure as MPDAddFailure {
      throw failure.error
    }
  }

  /// The queue's bound (Player+QueueLimit.swift) stops the URIs as it stops MPD's adds: the songs that fit
  /// are added and the URI that passes it fails with MPD's "Playlist is too large"; no URI after it is
  /// read, so a list of thousands of `add ""` lines costs two reads of the library, not thousands.
  public func add(uris: [String]) async throws {
    let files = try indexedFiles(uris)
    var room = await player.queueRoom
    var groups: [SongBatch] = []
    groups.reserveCapacity(uris.count)
    var failure: MPDAddFailure?
    for (index, uri) in uris.enumerated() {
      do {
        let songs = try files[uri].map { [$0] } ?? songs(forURI: uri)
        guard songs.count <= room else {
          if room > 0 { groups.append(SongBatch(Array(songs.prefix(room)))) }
          failure = MPDAddFailure(added: index, error: MPDError.queueFull)
          break
        }
        room -= songs.count
        groups.append(SongBatch(songs))
      } catch {
        failure = MPDAddFailure(added: index, error: error)
        break
      }
    }
    await player.append(groups)
    if let failure { throw failure }
  }

  /// The song of each URI that names one indexed file, by URI, read in one query. Folders, the whole
  /// library and anything not found are left to `songs(forURI:)`, which `add(uri:)` uses: what they
  /// add and the errors they give stay those of a single `add`.
  private func indexedFiles(_ uris: [String]) throws -> [String: Song] {
    let folder = try folder()
    var paths: [String: String] = [:]
    for uri in uris where !uri.isEmpty && uri != "/" {
      if let path = folder.path(forURI: uri) { paths[uri] = path }
    }
    let found = try library.readSongs { try $0.songs(atPaths: Array(Set(paths.values))) }
    let byPath = Dictionary(found.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    return paths.compactMapValues { byPath[$0] }
  }
}
