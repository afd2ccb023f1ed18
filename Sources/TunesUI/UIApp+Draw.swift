// One frame: the views' tabs on the first row, the current view (or the help over it), the now-playing
// bar (title, credit, album; state, progress, elapsed/length, modes, volume, output format) and the message
// or input line at the bottom.
import TunesCore
import TunesMPD
import TunesTerminal

extension UIApp {
  func draw(into screen: inout Screen) {
    drawTabs(into: &screen)
    let top = 1
    let rows = mainRows
    if showHelp {
      drawHelp(into: &screen, top: top, rows: rows)
    } else {
      do {
        try drawView(into: &screen, top: top, rows: rows)
      } catch {
        report(error)
      }
    }
    drawNowPlaying(into: &screen, row: size.height - 3)
    drawBottomLine(into: &screen, row: size.height - 1)
  }

  func drawTabs(into screen: inout Screen) {
    var column = 0
    // Narrow terminals get the numbers and initials.
    let short = screen.width < 90
    for candidate in UIView.allCases {
      let label =
        short
        ? " \(candidate.rawValue)\(candidate.title.prefix(short && screen.width < 60 ? 1 : 4)) "
        : " \(candidate.rawValue) \(candidate.title) "
      let style = candidate == view && !showHelp ? theme.activeTab : theme.tab
      column += screen.write(label, row: 0, column: column, style: style)
    }
    if showHelp { screen.write(" Help ", row: 0, column: column, style: theme.activeTab) }
  }

  func drawView(into screen: inout Screen, top: Int, rows: Int) throws(ControlError) {
    switch view {
    case .library:
      browser.load(library)
      for pane in 0..<3 { browser.cursors[pane].clamp(count: browser.count(pane: pane), height: rows - 1) }
      browser.draw(into: &screen, top: top, rows: rows, theme: theme)
    case .songs:
      allSongs.load(library, text: "")
      if library == nil { screen.write("The library cannot be read here.", row: top, column: 0, style: theme.dim) }
      allSongs.draw(into: &screen, top: top, rows: rows, library: library, theme: theme, title: "Songs (\(allSongs.count))")
    case .queue:
      try queue.draw(into: &screen, top: top, rows: rows, link: link, snapshot: snapshot, theme: theme)
    case .playlists:
      try playlists.load(link, smart: options.smartPlaylists)
      for pane in 0..<2 { playlists.cursors[pane].clamp(count: playlists.count(pane: pane), height: rows - 1) }
      playlists.draw(into: &screen, top: top, rows: rows, theme: theme)
    case .search:
      let prompt = "Search: " + (input?.kind == .search ? input!.text : search.query)
      screen.write(prompt, row: top, column: 0, style: theme.header)
      if let problem = search.problem {
        screen.write(problem, row: top + 1, column: 0, style: theme.error)
      } else if search.query.isEmpty && search.ids == nil {
        screen.write("Type / and words, or the query language (artist:… year:2001…).", row: top + 1, column: 0, style: theme.dim)
      } else {
        search.draw(
          into: &screen, top: top + 1, rows: rows - 1, library: library, theme: theme, title: "\(search.count) found")
      }
    case .details:
      screen.write("Song details", row: top, column: 0, style: theme.header)
      detailsCursor.clamp(count: details.count, height: rows - 1)
      for (offset, index) in detailsCursor.visible(count: details.count, height: rows - 1).enumerated() {
        screen.write(details[index], row: top + 1 + offset, column: 0)
      }
    case .nowPlaying:
      drawNowPlayingView(into: &screen, top: top, rows: rows)
    case .listenBrainz:
      drawListenBrainz(into: &screen, top: top, rows: rows)
    }
  }

  /// The bindings in as many columns as fit (every one visible on a wide screen), scrolled with the motions.
  func drawHelp(into screen: inout Screen, top: Int, rows: Int) {
    let lines = helpLines
    screen.write("Keys (Esc closes; [keys] in config.toml changes them)", row: top, column: 0, style: theme.header)
    let height = max(1, rows - 1)
    let columns = max(1, min(screen.width / 60, (lines.count + height - 1) / height))
    let columnWidth = screen.width / columns
    helpCursor.clamp(count: max(1, lines.count - height * (columns - 1)), height: height)
    for column in 0..<columns {
      for offset in 0..<height {
        let index = helpCursor.top + column * height + offset
        guard index < lines.count else { break }
        screen.write(lines[index], row: top + 1 + offset, column: column * columnWidth, limit: columnWidth - 1)
      }
    }
  }

  var helpLines: [String] {
    let keyWidth = 14
    return UIAction.allCases.map { action in
      let keys = options.keyMap.names(of: action).joined(separator: " ")
      return DisplayPad.left(keys.isEmpty ? "(none)" : keys, keyWidth) + " " + action.rawValue + ": " + action.summary
    }
  }

  func drawNowPlaying(into screen: inout Screen, row: Int) {
    let song = SongRow(fields: snapshot.current)
    if snapshot.current.isEmpty {
      screen.write(snapshot.queueLength == 0 ? "Nothing queued" : "Stopped", row: row, column: 0, style: theme.dim)
    } else {
      var used = screen.write(song.title, row: row, column: 0, style: theme.title)
      if !song.artist.isEmpty { used += screen.write(" — " + song.artist, row: row, column: used) }
      if !song.album.isEmpty { screen.write(" · " + song.album, row: row, column: used, style: theme.dim) }
    }
    let symbol = snapshot.state == "play" ? "▶" : snapshot.state == "pause" ? "‖" : "■"
    let elapsed = DurationText.clock(seconds: snapshot.elapsed)
    let length = snapshot.duration > 0 ? DurationText.clock(seconds: snapshot.duration) : "--:--"
    var tail = " " + elapsed + " / " + length
    if !snapshot.modes.isEmpty { tail += "  " + snapshot.modes }
    tail += snapshot.volume.map { "  vol \($0)%" } ?? ""
    if let audio = snapshot.audio, screen.width >= 100 { tail += "  " + audio }
    let barRow = row + 1
    screen.write(symbol, row: barRow, column: 0, style: theme.current)
    let tailCells = DisplayWidth.of(tail)
    let barWidth = screen.width - 2 - tailCells
    if barWidth >= 5 {
      let filled = snapshot.duration > 0 ? Int(Double(barWidth) * min(1, snapshot.elapsed / snapshot.duration)) : 0
      screen.write(String(repeating: "━", count: filled), row: barRow, column: 2, style: theme.bar)
      screen.write(String(repeating: "─", count: barWidth - filled), row: barRow, column: 2 + filled, style: theme.rule)
      progressBar = (barRow, 2, barWidth)
      screen.write(tail, row: barRow, column: 2 + barWidth, style: theme.status)
    } else {
      progressBar = nil
      screen.write(tail, row: barRow, column: 1, style: theme.status)
    }
  }

  func drawBottomLine(into screen: inout Screen, row: Int) {
    if let input {
      screen.write(input.label + input.text, row: row, column: 0)
      let cursor = DisplayWidth.of(input.label + input.text)
      screen.write("█", row: row, column: min(screen.width - 1, cursor), style: theme.dim)
    } else if !messages.text.isEmpty {
      screen.write(messages.text, row: row, column: 0, style: messages.isError ? theme.error : theme.message)
    } else if let error = snapshot.error {
      screen.write(error, row: row, column: 0, style: theme.error)
    }
  }
}

extension DisplayPad {
  static func left(_ text: String, _ cells: Int) -> String {
    text + String(repeating: " ", count: max(0, cells - text.count))
  }
}
