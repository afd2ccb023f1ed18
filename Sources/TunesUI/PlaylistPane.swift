// View 4, the stored playlists (`listplaylists`) beside the songs of the selected one
// (`listplaylistinfo`). Enter loads the playlist in place of the queue and plays it; `a` appends it.
// Smart playlists (a saved query) are marked, and their query shown over their songs. Editing is in
// UIApp+Playlists.swift.
import TunesMPD

struct PlaylistPane {
  var names: [String]? = nil
  /// The smart playlists' queries, by name.
  var smart: [String: String] = [:]
  var songs: [String: [SongRow]] = [:]
  var cursors = [ListCursor(), ListCursor()]
  var pane = 0

  mutating func reset() {
    names = nil
    songs = [:]
  }

  var selectedName: String? {
    guard let names, cursors[0].selected < names.count else { return nil }
    return names[cursors[0].selected]
  }

  var currentSongs: [SongRow] { selectedName.flatMap { songs[$0] } ?? [] }

  func count(pane: Int) -> Int { pane == 0 ? names?.count ?? 0 : currentSongs.count }

  mutating func load(_ link: PlayerLink, smart readSmart: (() -> [String: String])?) throws(ControlError) {
    if names == nil {
      smart = readSmart?() ?? [:]
      names = try link.run("listplaylists").filter { $0.key == "playlist" }.map(\.value).sorted {
        $0.localizedCaseInsensitiveCompare($1) == .orderedAscending
      }
    }
    if let name = selectedName, songs[name] == nil {
      songs[name] = MPDClient.songs(try link.run("listplaylistinfo", [name])).map(SongRow.init)
    }
  }

  func draw(into screen: inout Screen, top: Int, rows: Int, theme: Theme) {
    let panes = PaneLayout.split(width: screen.width, panes: 2)
    let lists: [[String]] = [
      (names ?? []).map { smart[$0] == nil ? $0 : $0 + " (smart)" },
      currentSongs.map { $0.artist.isEmpty ? $0.title : $0.artist + " - " + $0.title },
    ]
    let query = selectedName.flatMap { smart[$0] }.map { " — smart: " + $0 } ?? ""
    let titles = ["Playlists (\(names?.count ?? 0))", selectedName.map { $0 + query } ?? "Songs"]
    for index in 0..<2 {
      let (start, width) = panes[index]
      screen.write(titles[index], row: top, column: start, limit: width, style: theme.header)
      for (offset, line) in cursors[index].visible(count: lists[index].count, height: rows - 1).enumerated() {
        screen.write(lists[index][line], row: top + 1 + offset, column: start, limit: width)
        if line == cursors[index].selected {
          screen.restyle(
            row: top + 1 + offset, from: start, to: start + width, style: pane == index ? theme.selected : theme.dimSelected)
        }
      }
    }
    for row in top..<(top + rows) { screen.write("│", row: row, column: panes[0].width, style: theme.rule) }
    if names?.isEmpty == true {
      screen.write(
        "No playlists: y adds the selection to a new one, :save NAME saves the queue.", row: top + 1, column: 0, style: theme.dim)
    }
  }
}
