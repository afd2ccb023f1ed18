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
