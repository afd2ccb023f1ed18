// The one answer to "which songs does this playlist hold, in order", for every reader: `tunes play
// --playlist`, `playlist show` (through PlaylistStore), the MPD server's stored playlists. A smart
// playlist's songs are its query's result now; a stored playlist's are its entries, each as the
// library's song where it is indexed, else as what the entry kept (a song with no id: not playable).
// Three readers once each had their own reading, and `tunes play` found no songs in smart playlists.
import Foundation
import GRDB
import TunesLibrary

public enum PlaylistSongs {
  /// The songs of the playlist named `name` (any case), in order; nil when no playlist has that name.
  /// `query` resolves a smart playlist's query (the library's query language by default).
  public static func songs(named name: String, library: Library, query: SongQuery? = nil) throws -> [Song]? {
    let found = try library.database(for: .playlists).read { db -> (PlaylistRow, [Song])? in
      guard let row = try PlaylistTables.find(db, name: name) else { return nil }
      if row.smartQuery != nil { return (row, []) }
      return (
        row, try PlaylistTables.entriesWithSongs(db, playlistID: row.id).map { entry, song in song ?? Self.song(of: entry) }
      )
    }
    guard let (row, stored) = found else { return nil }
    guard let text = row.smartQuery else { return stored }
    // The query reads the library itself, outside the playlists' transaction.
    return try query.map { try $0(text) } ?? library.songs(matching: text)
  }

  /// A song standing for an entry whose song is not in the library: what the entry kept of it.
  static func song(of entry: PlaylistEntry) -> Song {
    Song(
      path: entry.path, title: entry.title ?? (entry.path as NSString).lastPathComponent, artist: entry.artist ?? "",
      album: entry.album ?? "", durationMs: entry.durationMs, recordingMbid: entry.recordingMbid)
  }
}
