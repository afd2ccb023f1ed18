// The now-playing view: the song's title, credit and album, its lyrics (the line being sung marked and
// kept in view when they are synced), and its cover at the right edge, as large as the pane allows. The
// cover sits at the right so that no changing text lies to its right: the cell diff rewrites a row only
// from its first to its last changed cell, so an image drawn by a protocol (sixel, kitty, iTerm2) is never
// written over by blanks of unchanged cells.
import Foundation
import TunesTerminal

extension UIApp {
  /// Reads the lyrics and the cover when the playing song is not the one loaded.
  func loadNowPlaying() {
    let uri = snapshot.current["file"]
    guard uri != nowPlaying.uri else { return }
    nowPlaying = NowPlayingPane()
    nowPlaying.uri = uri
    guard let uri else { return }
    let path = uri.hasPrefix("/") ? uri : librarySong(uri)?.path
    nowPlaying.lyrics = path.map { LyricsLoader.load(songPath: $0) } ?? .problem("the song's file is not known here")
    if options.coverMode != .none, let data = NowPlayingPane.fetchPicture(link, uri: uri) {
      nowPlaying.picture = CoverRenderer.decode(data)
    }
  }

  func drawNowPlayingView(into screen: inout Screen, top: Int, rows: Int) {
    loadNowPlaying()
    guard !snapshot.current.isEmpty else {
      screen.write("Nothing playing.", row: top, column: 0, style: theme.dim)
      return
    }
    var textWidth = screen.width
    nowPlaying.artOrigin = nil
    // The cover takes up to half the width, on a pane of at least 40 × 6.
    if let picture = nowPlaying.picture, options.coverMode != .none, screen.width >= 40, rows >= 6 {
      let size = CoverRenderer.fit(picture, columns: min(screen.width / 2, rows * 2), rows: rows)
      let key = NowPlayingPane.ArtKey(uri: nowPlaying.uri ?? "", columns: size.columns, rows: size.rows, mode: options.coverMode)
      if nowPlaying.artKey != key {
        nowPlaying.art = CoverRenderer.render(picture, columns: size.columns, rows: size.rows, mode: options.coverMode)
        nowPlaying.artKey = key
      }
      if let art = nowPlaying.art {
        let left = screen.width - art.columns
        nowPlaying.artOrigin = (top, left)
        if art.sequence == nil { screen.paint(art, row: top, column: left) }
        textWidth = left - 1
      }
    }
    let song = SongRow(fields: snapshot.current)
    screen.write(song.title, row: top, column: 0, limit: textWidth, style: Style(bold: true))
    screen.write(song.artist, row: top + 1, column: 0, limit: textWidth)
    screen.write(song.album, row: top + 2, column: 0, limit: textWidth, style: theme.dim)
    drawLyrics(into: &screen, top: top + 4, rows: rows - 4, width: textWidth)
  }

  private func drawLyrics(into screen: inout Screen, top: Int, rows: Int, width: Int) {
    guard rows > 0, width > 4 else { return }
    switch nowPlaying.lyrics {
    case .none:
      screen.write(
        "No lyrics (a .lrc file beside the song, or a lyrics tag).", row: top, column: 0, limit: width, style: theme.dim)
    case .problem(let reason):
      screen.write("Lyrics: " + reason, row: top, column: 0, limit: width, style: theme.error)
    case .found(let lyrics, _):
      let current = lyrics.line(at: Int(snapshot.elapsed * 1000))
      if let current {
        // The sung line a third of the way down, the lines after it below.
        nowPlaying.top = max(0, min(current - rows / 3, lyrics.lines.count - rows))
      }
      nowPlaying.top = max(0, min(nowPlaying.top, max(0, lyrics.lines.count - rows)))
      for offset in 0..<rows {
        let index = nowPlaying.top + offset
        guard index < lyrics.lines.count else { break }
        let isCurrent = index == current
        screen.write(
          (isCurrent ? "▸ " : "  ") + lyrics.lines[index], row: top + offset, column: 0, limit: width,
          style: isCurrent ? theme.current : lyrics.isSynced ? theme.dim : .plain)
      }
    }
  }

  /// j/k and paging in the view: plain lyrics scroll; synced ones follow the song.
  func scrollLyrics(by delta: Int) {
    nowPlaying.top = max(0, nowPlaying.top + delta)
  }

  /// After a frame: sends the cover's image sequence when a protocol draws it and the screen was cleared,
  /// or the picture or its place changed. A new song or leaving the view clears the screen first, so no
  /// picture is left behind.
  func placeCoverImage(cleared: Bool) {
    guard view == .nowPlaying, !showHelp, let art = nowPlaying.art, let sequence = art.sequence,
      let origin = nowPlaying.artOrigin
    else {
      if nowPlaying.sentKey != nil {
        nowPlaying.sentKey = nil
        if options.coverMode == .kitty { Terminal.write("\u{1B}_Ga=d\u{1B}\\") }
        lastFrame = nil  // the next frame clears what a sixel or iTerm2 picture left
      }
      return
    }
    guard cleared || nowPlaying.sentKey != nowPlaying.artKey else { return }
    if nowPlaying.sentKey != nil, !cleared {
      // Another picture or place: the old one goes first (kitty deletes it; the others are drawn over by
      // the next frame, which clears the screen).
      guard options.coverMode == .kitty else {
        lastFrame = nil
        return
      }
      Terminal.write("\u{1B}_Ga=d\u{1B}\\")
    }
    Terminal.write("\u{1B}[\(origin.row + 1);\(origin.column + 1)H" + sequence)
    nowPlaying.sentKey = nowPlaying.artKey
  }
}

extension Screen {
  /// Puts a cover's block cells on the screen as they are: each is one cell wide and holds a block symbol
  /// or a space from libchafa, so the text checks of `write` (thousands of calls a frame on a large pane)
  /// are not needed.
  mutating func paint(_ art: CoverArt, row: Int, column: Int) {
    for y in 0..<art.rows where row + y >= 0 && row + y < height {
      for x in 0..<art.columns where column + x >= 0 && column + x < width {
        let cell = art.cells[y * art.columns + x]
        cells[(row + y) * width + column + x] = Cell(
          text: cell.text,
          style: Style(
            foreground: cell.foreground.map(TerminalColor.ansi), background: cell.background.map(TerminalColor.ansi)))
      }
    }
  }
}
