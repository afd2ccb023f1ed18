// View 3, the player's queue as `playlistinfo` gives it, asked for by the window of rows on screen
// (`playlistinfo START:END`) so that a queue of 100k songs is never read whole. The current song is
// marked (▶ playing, ‖ paused) and a priority above 0 is shown, as the player plays higher ones first.
import TunesMPD

struct QueuePane {
  var rows: [Int: SongRow] = [:]
  var loaded: Range<Int>? = nil
  var cursor = ListCursor()

  mutating func reset() {
    rows = [:]
    loaded = nil
  }

  /// Reads the rows of `range` (and a screen either side) when they are not loaded.
  mutating func fetch(_ link: PlayerLink, range: Range<Int>, length: Int) throws(ControlError) {
    guard !range.isEmpty else { return }
    if let loaded, loaded.contains(range.lowerBound), loaded.contains(range.upperBound - 1) { return }
    let window = max(0, range.lowerBound - range.count)..<min(length, range.upperBound + range.count)
    rows = [:]
    for song in MPDClient.songs(try link.run("playlistinfo", ["\(window.lowerBound):\(window.upperBound)"])) {
      let row = SongRow(fields: song)
      if let position = row.position { rows[position] = row }
    }
    loaded = window
  }

  var selected: SongRow? { rows[cursor.selected] }

  mutating func draw(
    into screen: inout Screen, top: Int, rows height: Int, link: PlayerLink, snapshot: PlayerSnapshot, theme: Theme
  ) throws(ControlError) {
    let count = snapshot.queueLength
    let layout = ColumnLayout.split(width: screen.width - 2, shares: [3, 4, 3], fixed: 6)
    let starts = layout.starts.map { $0 + 2 }
    let names = ["Queue (\(count))", "Title", "Album", " Time"]
    for (index, name) in names.enumerated() where layout.widths[index] > 0 {
      screen.write(name, row: top, column: starts[index], limit: layout.widths[index], style: theme.header)
    }
    cursor.clamp(count: count, height: height - 1)
    let visible = cursor.visible(count: count, height: height - 1)
    try fetch(link, range: visible, length: count)
    for (offset, index) in visible.enumerated() {
      let row = top + 1 + offset
      guard let song = rows[index] else { continue }
      let isCurrent = song.id != nil && song.id == snapshot.songID
      if isCurrent { screen.write(snapshot.state == "pause" ? "‖" : "▶", row: row, column: 0, style: theme.current) }
      let title = song.priority > 0 ? "[\(song.priority)] " + song.title : song.title
      let cells = [song.artist, title, song.album, DisplayPad.right(song.length, 5)]
      for (column, text) in cells.enumerated() where layout.widths[column] > 0 {
        screen.write(
          text, row: row, column: starts[column], limit: layout.widths[column], style: isCurrent ? theme.current : .plain)
      }
      if index == cursor.selected { screen.restyle(row: row, style: theme.selected) }
    }
    if count == 0 {
      screen.write("The queue is empty: a adds the selection, Enter plays it.", row: top + 1, column: 2, style: theme.dim)
    }
  }
}
