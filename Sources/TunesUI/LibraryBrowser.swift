// View 1, the library as columns: album artists, their albums, the album's songs, grouped as the
// library groups them (its album table: compilations under their album artist). Read read-only from
// the database, not through the player's MPD `list`/`find`, which walk every song (seconds at 100k
// songs): the albums are read from the album table (Library.albumNames, no song grouped), an album's
// songs with one exact query when it is selected.
// Kept until the library changes (`idle database`); nothing here is play state.
import TunesLibrary

struct LibraryBrowser {
  var artists: [String]? = nil
  var albums: [String: [String]] = [:]
  var songs: [String: [Song]] = [:]
  var cursors = [ListCursor(), ListCursor(), ListCursor()]
  var pane = 0
  var problem: String? = nil

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

  var currentSongs: [Song] {
    guard let artist = selectedArtist, let album = selectedAlbum else { return [] }
    return songs[artist + "\u{0}" + album] ?? []
  }

  var selectedSong: Song? {
    let list = currentSongs
    return cursors[2].selected < list.count ? list[cursors[2].selected] : nil
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
  mutating func load(_ library: Library?) {
    guard let library else {
      artists = []
      problem = "The library cannot be read here."
      return
    }
    do {
      if artists == nil {
        var order: [String] = []
        var byArtist: [String: [String]] = [:]
        for album in try library.albumNames() {
          if byArtist[album.albumArtist] == nil { order.append(album.albumArtist) }
          byArtist[album.albumArtist, default: []].append(album.title)
        }
        artists = order
        albums = byArtist
      }
      guard let artist = selectedArtist, let album = selectedAlbum else { return }
      let key = artist + "\u{0}" + album
      if songs[key] == nil { songs[key] = try library.songs(matching: query(pane: 1)) }
    } catch {
      artists = artists ?? []
      problem = "\(error)"
    }
  }

  /// The query of the selection in `pane`: the artist's songs, or the album's.
  func query(pane: Int) -> LibraryQuery {
    var terms: [LibraryQuery.Term] = []
    if let artist = selectedArtist { terms.append(.exact(.albumArtist, artist, ignoringCase: false, negated: false)) }
    if pane >= 1, let album = selectedAlbum { terms.append(.exact(.album, album, ignoringCase: false, negated: false)) }
    return LibraryQuery(terms: terms)
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
        lines = currentSongs.map { song in (song.trackNumber.map { "\($0). " } ?? "") + song.title }
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
      if index == 0, let problem {
        screen.write(problem, row: top + 1, column: pane.start, limit: pane.width, style: theme.error)
      }
      if index < 2 {
        for row in top..<(top + rows) { screen.write("│", row: row, column: pane.start + pane.width, style: theme.rule) }
      }
    }
  }
}
