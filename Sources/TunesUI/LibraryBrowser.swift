// View 1, the library as columns: album artists, their albums, the album's songs (as the player's MPD
// `list` and `find` group them, compilations under their album artist). Each column is asked for when it
// is first shown and kept until the library changes (`idle database`); nothing here is play state.
import TunesMPD

struct LibraryBrowser {
  var artists: [String]? = nil
  var albums: [String: [String]] = [:]
  var songs: [String: [SongRow]] = [:]
  var cursors = [ListCursor(), ListCursor(), ListCursor()]
  var pane = 0

  mutating func reset() {
    artists = nil
    albums = [:]
    songs = [:]
  }

  var selectedArtist: String? {
    guard let artists, cursors[0].selected < artists.count else { return nil }
    return artists[cursors[0].selected]
  }

  var selectedAlbum: String? {
    guard let artist = selectedArtist, let list = albums[artist], cursors[1].selected < list.count else { return nil }
    return list[cursors[1].selected]
  }

  var currentSongs: [SongRow] {
    guard let artist = selectedArtist, let album = selectedAlbum else { return [] }
    return songs[artist + "\u{0}" + album] ?? []
  }

  /// Rows of each column (for motions and drawing).
  func count(pane: Int) -> Int {
    switch pane {
    case 0: return artists?.count ?? 0
    case 1: return selectedArtist.flatMap { albums[$0] }?.count ?? 0
    default: return currentSongs.count
    }
  }

  /// Loads what the selection shows and is not loaded yet.
  mutating func load(_ link: PlayerLink) throws(ControlError) {
    if artists == nil {
      artists = Self.values(try link.run("list", ["albumartist"]))
    }
    guard let artist = selectedArtist else { return }
    if albums[artist] == nil {
      albums[artist] = Self.values(try link.run("list", ["album", MPDFilterText.equals("AlbumArtist", artist)]))
    }
    guard let album = selectedAlbum else { return }
    let key = artist + "\u{0}" + album
    if songs[key] == nil {
      let filter = MPDFilterText.all([MPDFilterText.equals("AlbumArtist", artist), MPDFilterText.equals("Album", album)])
      songs[key] = MPDClient.songs(try link.run("find", [filter])).map(SongRow.init)
    }
  }

  /// The MPD filter of the selection in `pane` (an artist, an album), for `findadd`.
  func filter(pane: Int) -> String? {
    guard let artist = selectedArtist else { return nil }
    if pane == 0 { return MPDFilterText.equals("AlbumArtist", artist) }
    guard let album = selectedAlbum else { return nil }
    return MPDFilterText.all([MPDFilterText.equals("AlbumArtist", artist), MPDFilterText.equals("Album", album)])
  }

  static func values(_ pairs: MPDClient.Pairs) -> [String] {
    pairs.filter { $0.key != "list_OK" }.map(\.value)
  }

  /// Draws the three columns into `rows` of `screen` starting at `top`.
  func draw(into screen: inout Screen, top: Int, rows: Int, theme: Theme) {
    let panes = PaneLayout.split(width: screen.width, panes: 3)
    let titles = ["Album artists", selectedArtist ?? "Albums", selectedAlbum ?? "Songs"]
    for (index, pane) in panes.enumerated() {
      screen.write(titles[index], row: top, column: pane.start, limit: pane.width, style: theme.header)
      let lines: [String]
      switch index {
      case 0: lines = artists ?? []
      case 1: lines = selectedArtist.flatMap { albums[$0] } ?? []
      default:
        lines = currentSongs.map { song in
          let track = song.fields["Track"].map { $0.split(separator: "/").first.map(String.init) ?? $0 }
          return (track.map { $0 + ". " } ?? "") + song.title
        }
      }
      let cursor = cursors[index]
      for (offset, line) in cursor.visible(count: lines.count, height: rows - 1).enumerated() {
        let row = top + 1 + offset
        screen.write(lines[line], row: row, column: pane.start, limit: pane.width)
        if line == cursor.selected {
          screen.restyle(
            row: row, from: pane.start, to: pane.start + pane.width,
            style: self.pane == index ? theme.selected : theme.dimSelected)
        }
      }
      if index < 2 {
        for row in top..<(top + rows) { screen.write("│", row: row, column: pane.start + pane.width, style: theme.rule) }
      }
    }
  }
}
