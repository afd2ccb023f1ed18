// The playlists' names for a library looked at for a moment (the shell completions, LibraryGlance):
// the playlists area's table is read here, where it is declared, and nowhere else.
import GRDB
import TunesLibrary

extension LibraryGlance {
  /// The stored playlists' names, sorted without regard to case; none when they cannot be read.
  public func playlistNames() -> [String] {
    read { db in try String.fetchAll(db, sql: "SELECT name FROM playlist ORDER BY name COLLATE NOCASE") } ?? []
  }
}

extension LibraryGlance {
  /// The smart playlists' queries by name (the full-screen UI marks them); none when they cannot be read.
  public func smartPlaylistQueries() -> [String: String] {
    let rows =
      read { db in
        try Row.fetchAll(db, sql: "SELECT name, smartQuery FROM playlist WHERE smartQuery IS NOT NULL").map {
          (name: $0["name"] as String, query: $0["smartQuery"] as String)
        }
      } ?? []
    return Dictionary(rows, uniquingKeysWith: { first, _ in first })
  }
}
