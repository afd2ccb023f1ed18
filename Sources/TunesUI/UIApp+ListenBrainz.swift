// View 7, ListenBrainz: the submission status, the top artists, releases and recordings of a range, the
// activity charts of a range, and the feed, switched with Tab and read on a worker thread while the view
// shows "loading…" (or why the read failed); hide and thank for the feed's selected event; and love,
// hate, unrate and pin of a song from any view: the selected song of a list, else the playing one. The
// reads and writes are the ones `tunes lb` runs (ListenBrainzSource); a write goes through the outbox,
// so one made offline waits there and is sent by the next.
import TunesLibrary

extension UIApp {
  /// Reads the section shown again: on showing the view, on a new section or range.
  func loadListenBrainz() {
    guard let source = options.listenBrainz else {
      let request = listenBrainz.request(width: size.width)
      listenBrainz.receive(request, .failure(ListenBrainzFailure("ListenBrainz is not available here")))
      return
    }
    let request = listenBrainz.request(width: size.width)
    work.run(.reads, { Self.readListenBrainz(request, from: source) }) { app, answer in
      app.listenBrainz.receive(request, page: answer)
    }
  }

  static func readListenBrainz(_ request: ListenBrainzPane.Request, from source: ListenBrainzSource) -> Result<
    ListenBrainzPage, ListenBrainzFailure
  > {
    switch request.section {
    case .status: return .success(ListenBrainzPage(lines: source.status()))
    case .feed: return source.feed(request.width)
    case .activity: return source.activity(request.range, request.width).map { ListenBrainzPage(lines: $0) }
    case .artists, .releases, .recordings:
      return source.chart(request.section.chart ?? .artists, request.range, request.width).map { ListenBrainzPage(lines: $0) }
    }
  }

  /// Hide or thank for the feed's selected event; the message line says how it went, and the feed is
  /// read again to show it (a hidden event is marked so).
  func act(onEvent action: ListenBrainzEventAction) {
    guard let source = options.listenBrainz else {
      messages.show("ListenBrainz is not available here", error: true)
      return
    }
    guard view == .listenBrainz, let event = listenBrainz.selectedEvent?.name else {
      messages.show("select an event of the feed: view 7, Tab to Feed")
      return
    }
    send("\(action.verb) \(event)", reloading: .feed) { source.actOnEvent(action, event) }
  }

  /// Love, hate, unrate or pin the song `songToAct()` names; the message line says how it went.
  func act(_ action: ListenBrainzSongAction) {
    guard let source = options.listenBrainz else {
      messages.show("ListenBrainz is not available here", error: true)
      return
    }
    guard let (song, label) = songToAct() else { return }
    // The status counts what waits in the outbox.
    send("\(action.verb) \(label)", reloading: .status) { source.act(action, song) }
  }

  /// Runs a ListenBrainz write off the UI's thread: the message line says `doing…`, then how it went, and
  /// `section`, which shows what the write changed, is read again if it is on screen.
  private func send(
    _ doing: String, reloading section: ListenBrainzPane.Section,
    _ write: @escaping @Sendable () -> Result<[String], ListenBrainzFailure>
  ) {
    messages.show(doing + "…")
    work.run(.writes, write) { app, answer in
      switch answer {
      case .success(let lines): app.messages.show(lines.joined(separator: "; "))
      case .failure(let failure): app.messages.show(failure.message, error: true)
      }
      if app.view == .listenBrainz, app.listenBrainz.section == section { app.loadListenBrainz() }
    }
  }

  /// The song a love or pin is for: the selected song of a list, else the playing one; nil (said on the
  /// message line) when there is none.
  func songToAct() -> (ListenBrainzSongChoice, String)? {
    func namedSong(_ song: Song) -> (ListenBrainzSongChoice, String) { (.path(song.path), "\(song.artist) – \(song.title)") }
    func namedRow(_ row: SongRow) -> (ListenBrainzSongChoice, String) {
      (.path(librarySong(row.file)?.path ?? row.file), row.artist.isEmpty ? row.title : "\(row.artist) – \(row.title)")
    }
    switch view {
    case .library where browser.pane == 2, .songs, .search:
      // Keys typed ahead of a frame (`2G*`) name rows not drawn yet: they are read here.
      if view == .songs { allSongs.load(library, text: "") }
      let selected = (view == .songs ? allSongs : search).cursor.selected
      if view == .songs { allSongs.fetch(library, range: selected..<(selected + 1)) }
      if view == .search { search.fetch(library, range: selected..<(selected + 1)) }
      let song = view == .library ? browser.selectedSong : view == .songs ? allSongs.selectedSong : search.selectedSong
      if let song { return namedSong(song) }
      messages.show("no song selected")
      return nil
    case .library:
      messages.show("select one song: Tab to the songs column")
      return nil
    case .queue:
      if let row = queue.selected { return namedRow(row) }
    case .playlists where playlists.pane == 1:
      let songs = playlists.currentSongs
      if playlists.cursors[1].selected < songs.count { return namedRow(songs[playlists.cursors[1].selected]) }
    default: break
    }
    guard !snapshot.current.isEmpty else {
      messages.show("nothing is playing: select a song in a list")
      return nil
    }
    let playing = SongRow(fields: snapshot.current)
    return (.playing, playing.artist.isEmpty ? playing.title : "\(playing.artist) – \(playing.title)")
  }

  /// t / T: the charts' next or previous range.
  func cycleListenBrainzRange(by delta: Int) {
    guard view == .listenBrainz, listenBrainz.cycleRange(by: delta) else {
      messages.show("the range is a top list's or the activity's: view 7, Tab to Top artists")
      return
    }
    loadListenBrainz()
  }

  func switchListenBrainzSection(by delta: Int) {
    listenBrainz.switchSection(by: delta)
    loadListenBrainz()
  }

  /// The motions move the selected line of the feed, and scroll the lines of the other sections.
  func scrollListenBrainz(by delta: Int, height: Int) {
    let count = listenBrainz.lines.count
    if listenBrainz.section == .feed {
      listenBrainz.cursor.move(by: delta, count: count, height: height)
    } else {
      listenBrainz.cursor.top = max(0, min(listenBrainz.cursor.top + delta, count - height))
    }
  }

  /// The sections, the range, "loading…" or the error, then the lines of the section.
  func drawListenBrainz(into screen: inout Screen, top: Int, rows: Int) {
    screen.write(listenBrainz.heading, row: top, column: 0, style: theme.header)
    var row = top + 1
    if let notice = listenBrainz.notice {
      screen.write(notice.text, row: row, column: 0, style: notice.isError ? theme.error : theme.dim)
      row += 1
    }
    let height = max(0, top + rows - row)
    let lines = listenBrainz.lines
    // The feed keeps its selected line in sight (the lines may have changed since it was moved).
    if listenBrainz.section == .feed { listenBrainz.cursor.clamp(count: lines.count, height: height) }
    let selected = listenBrainz.selectedEvent?.line
    for index in listenBrainz.cursor.visible(count: lines.count, height: height) {
      screen.write(lines[index], row: row, column: 0)
      // The selected line, and the first line of the event it belongs to (what hide and thank act on).
      if listenBrainz.section == .feed, index == listenBrainz.cursor.selected || index == selected {
        screen.restyle(row: row, style: theme.selected)
      }
      row += 1
    }
  }
}
