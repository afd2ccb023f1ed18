// What a stored playlist puts in the player's queue when `tunes play --playlist` starts: its entries in
// order, read in one snapshot, as library songs where they are still indexed.
import Foundation
import GRDB
import TunesLibrary

public enum PlaylistQueueing {
  /// The entries of the playlist named `name` in order (the library's song where still indexed, else
  /// what the entry kept), or nil when no playlist has that name.
  public static func songs(playlist name: String, library: Library) throws -> [Song]? {
    try library.database(for: .playlists).read { db in
      guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM playlist WHERE name = ?", arguments: [name]) else {
        return nil
      }
      let rows = try Row.fetchAll(
        db, sql: "SELECT songId, path, title, artist, album, durationMs FROM playlistItem WHERE playlistId = ? ORDER BY position",
        arguments: [id])
      return try rows.map { row -> Song in
        if let songID: Int64 = row["songId"], let song = try Song.fetchOne(db, key: songID) { return song }
        let path: String = row["path"]
        return Song(
          path: path, title: row["title"] ?? (path as NSString).lastPathComponent, artist: row["artist"] ?? "",
          album: row["album"] ?? "", durationMs: row["durationMs"])
      }
    }
  }
}
