// The selection and what is done with it: which songs it names (by MPD URI, or the library's absolute
// path, which the player takes from a local client), adding them to the queue, playing them, the
// details view, and the mouse (click selects, double-click plays, wheel scrolls, a click on the progress
// bar seeks).
import Foundation
import TunesCore
import TunesLibrary
import TunesMPD
import TunesPlayer

extension UIApp {
  /// The songs the selection names, for `a`, `e` and Enter.
  func selectionURIs() throws(ControlError) -> [String] {
    switch view {
    case .library:
      if browser.pane == 2 { return browser.selectedSong.map { [$0.path] } ?? [] }
      guard browser.selectedArtist != nil, let library else { return [] }
      do {
        return try library.songs(matching: browser.query(pane: browser.pane)).map(\.path)
      } catch {
        messages.show("\(error)", error: true)
        return []
      }
    case .songs: return allSongs.selectedSong.map { [$0.path] } ?? []
    case .search: return search.selectedSong.map { [$0.path] } ?? []
    case .playlists:
      if playlists.pane == 1 {
        let songs = playlists.currentSongs
        return playlists.cursors[1].selected < songs.count ? [songs[playlists.cursors[1].selected].file] : []
      }
      return playlists.currentSongs.map(\.file)
    default: return []
    }
  }

  func add(next: Bool) throws(ControlError) {
    let uris = try selectionURIs()
    guard !uris.isEmpty else {
      messages.show(view == .queue ? "already in the queue" : "nothing selected to add")
      return
    }
    if next {
      let position = (snapshot.position ?? -1) + 1
      try link.runList(uris.enumerated().map { ["addid", $0.element, String(position + $0.offset)] })
    } else {
      try link.runList(uris.map { ["add", $0] })
    }
    messages.show("added \(uris.count) song\(uris.count == 1 ? "" : "s")" + (next ? " after the current one" : ""))
  }

  /// Enter: plays the selection (the queue's song where it is; anything else is added, then played).
  func activate() throws(ControlError) {
    switch view {
    case .queue:
      if let id = queue.selected?.id { try link.run("playid", [String(id)]) }
    case .playlists where playlists.pane == 0:
      guard let name = playlists.selectedName else { return }
      try link.runList([["clear"], ["load", name], ["play"]])
    case .details, .listenBrainz, .nowPlaying:
      break
    default:
      let uris = try selectionURIs()
      guard let first = uris.first else { return }
      let reply = try link.run("addid", [first])
      guard let id = reply.first(where: { $0.key == "Id" })?.value else { return }
      if uris.count > 1 { try link.runList(uris.dropFirst().map { ["add", $0] }) }
      try link.run("playid", [id])
    }
  }

  /// Details of the selected song (or the current one): every field the player sends, and the library's
  /// play count, last play and ReplayGain mode in use.
  func loadDetails() {
    var fields: [(String, String)] = []
    var path: String?
    var isCurrent = false
    let chosenSong: Song? =
      view == .songs
      ? allSongs.selectedSong
      : view == .search ? search.selectedSong : view == .library && browser.pane == 2 ? browser.selectedSong : nil
    if let song = chosenSong {
      path = song.path
      fields = [
        ("Title", song.title), ("Artist", song.artist), ("Album", song.album), ("AlbumArtist", song.albumArtist),
        ("Track", song.trackNumber.map(String.init) ?? ""), ("Disc", song.discNumber.map(String.init) ?? ""),
        ("Year", song.year.map(String.init) ?? ""), ("Genre", song.genre ?? ""),
        ("Length", song.durationMs.map { DurationText.clock(ms: $0) } ?? ""),
      ].filter { !$0.1.isEmpty }
    } else {
      var row: SongRow?
      if view == .queue { row = queue.selected }
      if view == .playlists, playlists.pane == 1, playlists.cursors[1].selected < playlists.currentSongs.count {
        row = playlists.currentSongs[playlists.cursors[1].selected]
      }
      if row == nil && !snapshot.current.isEmpty {
        row = SongRow(fields: snapshot.current)
      }
      guard let row else {
        details = ["Nothing selected and nothing playing."]
        return
      }
      isCurrent = row.file == snapshot.current["file"]
      path = row.file
      // MPD's `duration` is the exact length in seconds ("8.000"): shown as the clock every other view
      // shows, under the name the library's songs use; `Time` is the same length rounded.
      fields = row.fields.filter { !["file", "Pos", "Id", "Time"].contains($0.key) }.sorted { $0.key < $1.key }.map {
        $0.key == "duration"
          ? ("Length", Double($0.value).map { DurationText.clock(seconds: $0) } ?? $0.value) : ($0.key, $0.value)
      }
    }
    var lines = fields
    if let path { lines.insert(("File", path), at: 0) }
    if isCurrent, let audio = snapshot.audio { lines.append(("Playing as", audio)) }
    let mode = try? link.run("replay_gain_status").first(where: { $0.key == "replay_gain_mode" })?.value
    if let mode { lines.append(("ReplayGain", mode)) }
    if let path, let song = librarySong(path) {
      lines += gainLines(song, mode: mode.flatMap(ReplayGainMode.init(rawValue:)))
      lines.append(("Plays", String(song.playCount)))
      if let last = song.lastPlayedAt {
        lines.append(("Last played", ISO8601DateFormatter().string(from: last)))
      }
      if let mbid = song.recordingMbid { lines.append(("Recording", mbid)) }
    }
    details = Self.detailLines(lines)
    detailsCursor = ListCursor()
  }

  /// The gain the player applies to `song`, as `tunes info` words it: the track and album gains with
  /// their sources, and the dB under the player's mode (the saved preamps and limit, the random option
  /// `auto` follows). None when the library cannot be read.
  func gainLines(_ song: Song, mode: ReplayGainMode?) -> [(String, String)] {
    guard let library, let id = song.id, let choice = try? SongGainReader.choices(in: library, songIDs: [id])[id],
      var settings = try? SavedReplayGain.load(library)
    else { return [] }
    if let mode { settings.mode = mode }
    let words = SongGainWords(choice: choice, settings: settings, random: snapshot.random)
    return words.lines.map { label, text in (label.prefix(1).uppercased() + label.dropFirst(), text) }
  }

  /// The lines of the details view: every value starts in one column, after the longest label
  /// ("Last-Modified:", "MUSICBRAINZ_TRACKID:"), whichever part of the view a line comes from.
  static func detailLines(_ pairs: [(String, String)]) -> [String] {
    let width = (pairs.map { $0.0.count }.max() ?? 0) + 2
    return pairs.map { DisplayPad.left($0.0 + ":", width) + $0.1 }
  }

  /// The library's row of a song named by absolute path or by MPD URI (relative to the folder all songs
  /// share, as the player names them).
  func librarySong(_ uri: String) -> Song? {
    guard let library else { return nil }
    return try? library.readSongs { reader in
      if uri.hasPrefix("/") { return try reader.song(atPath: uri) }
      guard let bounds = try reader.pathBounds() else { return nil }
      var root = String(zip(bounds.smallest, bounds.largest).prefix { $0 == $1 }.map(\.0))
      if let slash = root.lastIndex(of: "/") { root = String(root[..<slash]) }
      return try reader.song(atPath: root + "/" + uri)
    }
  }

  func handleMouse(_ event: MouseEvent) {
    switch event.kind {
    case .wheelUp: move(by: -3)
    case .wheelDown: move(by: 3)
    case .press where event.button == 0:
      if let bar = progressBar, event.row == bar.row, event.column >= bar.start, event.column < bar.start + bar.width,
        snapshot.duration > 0
      {
        let fraction = Double(event.column - bar.start) / Double(max(1, bar.width - 1))
        do {
          try link.run("seekcur", [String(format: "%.1f", fraction * snapshot.duration)])
        } catch {
          report(error)
        }
        return
      }
      click(row: event.row, column: event.column)
    default: break
    }
  }

  /// Selects the row under a click; a second click on it soon after plays it.
  func click(row: Int, column: Int) {
    let first = view == .search ? 3 : 2  // the row of a view's first entry
    guard !showHelp, row >= first, row < 1 + mainRows else { return }
    let offset = row - first
    let height = max(1, mainRows - 1)
    switch view {
    case .library:
      let panes = PaneLayout.split(width: size.width, panes: 3)
      let pane = panes.lastIndex { column >= $0.start } ?? 0
      browser.pane = pane
      let target = browser.cursors[pane].top + offset
      guard target < browser.count(pane: pane) else { return }
      if target != browser.cursors[pane].selected { for later in (pane + 1)..<3 { browser.cursors[later] = ListCursor() } }
      browser.cursors[pane].select(target, count: browser.count(pane: pane), height: height)
    case .songs: allSongs.cursor.select(allSongs.cursor.top + offset, count: allSongs.count, height: height)
    case .search: search.cursor.select(search.cursor.top + offset, count: search.count, height: height - 1)
    case .queue: queue.cursor.select(queue.cursor.top + offset, count: snapshot.queueLength, height: height)
    case .playlists:
      let pane = column > PaneLayout.split(width: size.width, panes: 2)[0].width ? 1 : 0
      playlists.pane = pane
      playlists.cursors[pane].select(playlists.cursors[pane].top + offset, count: playlists.count(pane: pane), height: height)
    default: return
    }
    let now = Date().timeIntervalSince1970
    if let last = lastClick, last.row == row, now - last.time < 0.4 {
      lastClick = nil
      do { try activate() } catch { report(error) }
    } else {
      lastClick = (now, row, column)
    }
  }
}
