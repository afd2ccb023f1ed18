// View 3, the player's queue, asked for by the window of rows on screen so that a queue of 100k songs is
// never read whole. With shuffle on it lists the songs in the order they will play, which MPD's protocol
// cannot say: tunes' own `tunes_playorder START:END` (Docs/MPDDifferences.md) gives that window of the
// player's pass; songs already reached in the pass are dimmed. `o` switches to the queue's own order
// (`playlistinfo START:END`), the one `p`/`P` move in. The current song is marked (▶ playing, ‖ paused)
// and a priority above 0 is shown, as the player plays higher ones first.
import TunesMPD

struct QueuePane {
  /// The rows loaded, by their index in the order shown.
  var rows: [Int: SongRow] = [:]
  var loaded: Range<Int>? = nil
  var cursor = ListCursor()
  /// Whether the queue is shown in play order when shuffle is on (`o` switches).
  var prefersPlayOrder = true
  /// How the loaded rows were read: in play order, and the song that was current then (the pass's reached
  /// part moves with it).
  var loadedFor: (playOrder: Bool, songID: Int?)?

  mutating func reset() {
    rows = [:]
    loaded = nil
    loadedFor = nil
  }

  /// Whether the rows are listed in play order now.
  func inPlayOrder(_ snapshot: PlayerSnapshot) -> Bool { snapshot.random && prefersPlayOrder }

  /// Reads the rows of `range` (and a screen either side) when they are not loaded.
  mutating func fetch(_ link: PlayerLink, range: Range<Int>, snapshot: PlayerSnapshot) throws(ControlError) {
    guard !range.isEmpty else { return }
    let playOrder = inPlayOrder(snapshot)
    if let loadedFor, loadedFor.playOrder != playOrder || (playOrder && loadedFor.songID != snapshot.songID) { reset() }
    if let loaded, loaded.contains(range.lowerBound), loaded.contains(range.upperBound - 1) { return }
    let length = snapshot.queueLength
    let window = max(0, range.lowerBound - range.count)..<min(length, range.upperBound + range.count)
    let bounds = ["\(window.lowerBound):\(window.upperBound)"]
    rows = [:]
    let reply = try link.run(playOrder ? "tunes_playorder" : "playlistinfo", bounds)
    for (offset, song) in MPDClient.songs(reply).enumerated() { rows[window.lowerBound + offset] = SongRow(fields: song) }
    loaded = window
    loadedFor = (playOrder, snapshot.songID)
  }

  var selected: SongRow? { rows[cursor.selected] }

  mutating func draw(
    into screen: inout Screen, top: Int, rows height: Int, link: PlayerLink, snapshot: PlayerSnapshot, theme: Theme
  ) throws(ControlError) {
    let count = snapshot.queueLength
    let layout = ColumnLayout.split(width: screen.width - 2, shares: [3, 4, 3], fixed: 6)
    let starts = layout.starts.map { $0 + 2 }
    let playOrder = inPlayOrder(snapshot)
    let order = snapshot.random ? (playOrder ? " · play order" : " · queue order") : ""
    let names = ["Queue (\(count))\(order)", "Title", "Album", " Time"]
    for (index, name) in names.enumerated() where layout.widths[index] > 0 {
      screen.write(name, row: top, column: starts[index], limit: layout.widths[index], style: theme.header)
    }
    cursor.clamp(count: count, height: height - 1)
    let visible = cursor.visible(count: count, height: height - 1)
    try fetch(link, range: visible, snapshot: snapshot)
    // In play order, the rows before the current one are the songs the pass has already reached.
    let currentIndex = playOrder ? rows.first { $0.value.id != nil && $0.value.id == snapshot.songID }?.key : nil
    for (offset, index) in visible.enumerated() {
      let row = top + 1 + offset
      guard let song = rows[index] else { continue }
      let isCurrent = song.id != nil && song.id == snapshot.songID
      if isCurrent { screen.write(snapshot.state == "pause" ? "‖" : "▶", row: row, column: 0, style: theme.current) }
      let title = song.priority > 0 ? "[\(song.priority)] " + song.title : song.title
      let cells = [song.artist, title, song.album, DisplayPad.right(song.length, 5)]
      let reached = currentIndex.map { index < $0 } ?? false
      let style = isCurrent ? theme.current : reached ? theme.dim : .plain
      for (column, text) in cells.enumerated() where layout.widths[column] > 0 {
        screen.write(text, row: row, column: starts[column], limit: layout.widths[column], style: style)
      }
      if index == cursor.selected { screen.restyle(row: row, style: theme.selected) }
    }
    if count == 0 {
      screen.write("The queue is empty: a adds the selection, Enter plays it.", row: top + 1, column: 2, style: theme.dim)
    }
  }
}
