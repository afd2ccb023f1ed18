// What a key does: the input line takes typing first; then the key map names an action, carried out on
// the player (over MPD) or on the view. Nothing here changes play state locally: the player's answer
// comes back through idle and the next status.
import Foundation
import TunesMPD

extension UIApp {
  func handle(_ key: UIKey) {
    if case .mouse(let event) = key {
      handleMouse(event)
      return
    }
    // A key is the answer to the last message: it goes, and what the key does may say something new.
    messages.clear()
    if input != nil, handleInput(key) { return }
    guard let action = options.keyMap[key] else { return }
    do {
      try perform(action)
    } catch {
      report(error)
    }
  }

  /// Typing into the search or command line; false for keys the line does not take (motions).
  func handleInput(_ key: UIKey) -> Bool {
    guard var line = input else { return false }
    if case .playlist(let edit) = line.kind, edit.isConfirmation {
      input = nil
      if key == .character("y") { finish(edit, text: "") }
      return true
    }
    switch key {
    case .escape:
      input = nil
      return true
    case .enter:
      input = nil
      switch line.kind {
      case .command: runCommand(line.text)
      case .search: lastSearch = line.text
      case .playlist(let edit): finish(edit, text: line.text)
      }
      return true
    case .backspace:
      if line.text.isEmpty {
        input = nil
        return true
      }
      line.text.removeLast()
    case .character(let character):
      line.text.append(character)
    case .control("u"):
      line.text = ""
    default:
      return false
    }
    input = line
    if line.kind == .search { runSearch(line.text) }
    return true
  }

  func runSearch(_ text: String) {
    search.reset()
    search.cursor = ListCursor()
    if text.trimmingCharacters(in: .whitespaces).isEmpty {
      search.query = ""
      search.problem = nil
      return
    }
    search.load(library, text: text)
    lastSearch = text
  }

  func runCommand(_ text: String) {
    let words = text.split(separator: " ").map(String.init)
    guard !words.isEmpty else { return }
    if words[0] == "save" {
      saveQueue(as: words.dropFirst().joined(separator: " "))
      return
    }
    guard let runner = options.commandRunner else {
      messages.show("commands cannot be run from here", error: true)
      return
    }
    let said = runner(words)
    messages.show(said.split(separator: "\n").last.map(String.init) ?? "")
    refreshStatus()
  }

  func perform(_ action: UIAction) throws(ControlError) {
    let page = max(1, mainRows - 1)
    switch action {
    case .play:
      if snapshot.state == "play" { try link.run("seekcur", ["0"]) } else { try link.run("play") }
    case .pause:
      if snapshot.state == "stop" { try link.run("play") } else { try link.run("pause") }
    case .stop: try link.run("stop")
    case .next: try link.run("next")
    case .previous: try link.run("previous")
    case .shuffle: try link.run("random", [snapshot.random ? "0" : "1"])
    case .repeatMode:
      // off → all → one → off
      if !snapshot.repeatOn {
        try link.runList([["repeat", "1"], ["single", "0"]])
      } else if snapshot.single != "1" {
        try link.run("single", ["1"])
      } else {
        try link.runList([["repeat", "0"], ["single", "0"]])
      }
    case .volumeUp: try link.run("volume", ["+5"])
    case .volumeDown: try link.run("volume", ["-5"])
    case .seekForward: try seek("+5")
    case .seekBackward: try seek("-5")
    case .seekForwardMinute: try seek("+60")
    case .seekBackwardMinute: try seek("-60")
    case .search:
      view = .search
      showHelp = false
      input = InputLine(kind: .search, text: "")
    case .searchNext, .searchPrevious: findNext(forward: action == .searchNext)
    case .add: try add(next: false)
    case .addNext: try add(next: true)
    case .delete where view == .playlists: try deleteInPlaylists()
    case .moveDown where view == .playlists, .moveUp where view == .playlists:
      try moveInPlaylist(by: action == .moveDown ? 1 : -1)
    case .addToPlaylist: try askPlaylistToAddTo()
    case .renamePlaylist: askNewPlaylistName()
    case .delete:
      guard view == .queue, let id = queue.selected?.id else {
        messages.show("D removes the selected song of the queue (view 3)")
        return
      }
      try link.run("deleteid", [String(id)])
    case .moveDown, .moveUp:
      guard view == .queue, let id = queue.selected?.id else { return }
      if queue.inPlayOrder(snapshot) {
        messages.show("p and P move in the queue's order: o shows it")
        return
      }
      let target = queue.cursor.selected + (action == .moveDown ? 1 : -1)
      guard target >= 0, target < snapshot.queueLength else { return }
      try link.run("moveid", [String(id), String(target)])
      queue.cursor.select(target, count: snapshot.queueLength, height: page)
    case .playOrder:
      queue.prefersPlayOrder.toggle()
      queue.reset()
      messages.show(queue.prefersPlayOrder ? "queue in play order when shuffling" : "queue in the queue's order")
    case .love: act(.love)
    case .hate: act(.hate)
    case .unrate: act(.unrate)
    case .pin: act(.pin)
    case .nextRange: cycleListenBrainzRange(by: 1)
    case .previousRange: cycleListenBrainzRange(by: -1)
    case .hideEvent: act(onEvent: .hide)
    case .thankEvent: act(onEvent: .thank)
    case .command: input = InputLine(kind: .command)
    case .quit: exit = .quit
    case .detach:
      exit = .detached
    case .down: move(by: 1)
    case .up: move(by: -1)
    case .top: move(by: -Int.max / 2)
    case .bottom: move(by: Int.max / 2)
    case .halfPageDown: move(by: page / 2)
    case .halfPageUp: move(by: -page / 2)
    case .pageDown: move(by: page)
    case .pageUp: move(by: -page)
    case .activate: try activate()
    case .close:
      if showHelp { showHelp = false } else if input != nil { input = nil } else { messages.clear() }
    case .redraw: lastFrame = nil
    case .help: showHelp.toggle()
    case .nextPane: switchPane(by: 1)
    case .previousPane: switchPane(by: -1)
    case .view1, .view2, .view3, .view4, .view5, .view6, .view7, .view8:
      let index = UIAction.allCases.firstIndex(of: action)! - UIAction.allCases.firstIndex(of: .view1)!
      show(UIView(rawValue: index + 1)!)
    }
  }

  func show(_ next: UIView) {
    if next == .details { loadDetails() }
    showHelp = false
    view = next
    if next == .listenBrainz { loadListenBrainz() }
  }

  func seek(_ offset: String) throws(ControlError) {
    guard snapshot.state != "stop" else { return }
    try link.run("seekcur", [offset])
  }

  /// The rows of the list the motion keys move in now, and its cursor.
  func move(by delta: Int) {
    let height = max(1, mainRows - 1)
    if showHelp {
      helpCursor.move(by: delta, count: helpLines.count, height: height)
      return
    }
    switch view {
    case .library:
      let pane = browser.pane
      browser.cursors[pane].move(by: delta, count: browser.count(pane: pane), height: height)
      // A new artist shows its albums from the first, a new album its songs from the first.
      for later in (pane + 1)..<3 { browser.cursors[later] = ListCursor() }
    case .songs:
      allSongs.load(library, text: "")  // a motion typed before the view's first frame
      allSongs.cursor.move(by: delta, count: allSongs.count, height: height)
    case .queue: queue.cursor.move(by: delta, count: snapshot.queueLength, height: height)
    case .playlists:
      let pane = playlists.pane
      playlists.cursors[pane].move(by: delta, count: playlists.count(pane: pane), height: height)
      if pane == 0 { playlists.cursors[1] = ListCursor() }
    case .search: search.cursor.move(by: delta, count: search.count, height: height - 1)
    case .details: detailsCursor.move(by: delta, count: details.count, height: height)
    case .listenBrainz: scrollListenBrainz(by: delta, height: height - 1)
    case .nowPlaying: scrollLyrics(by: delta)
    }
  }

  func switchPane(by delta: Int) {
    switch view {
    case .library: browser.pane = (browser.pane + delta + 3) % 3
    case .playlists: playlists.pane = (playlists.pane + delta + 2) % 2
    case .listenBrainz: switchListenBrainzSection(by: delta)
    default: break
    }
  }

  /// n / N: the next row matching the last search, in the lists that hold their rows.
  func findNext(forward: Bool) {
    guard !lastSearch.isEmpty else {
      messages.show("no search yet: / starts one")
      return
    }
    switch view {
    case .search: move(by: forward ? 1 : -1)
    case .songs:
      if let row = allSongs.match(lastSearch, forward: forward) {
        allSongs.cursor.select(row, count: allSongs.count, height: mainRows - 1)
      }
    case .library:
      let pane = browser.pane
      let rows: [String] =
        pane == 0
        ? browser.artists ?? []
        : pane == 1 ? browser.selectedArtist.flatMap { browser.albums[$0] } ?? [] : browser.currentSongs.map(\.title)
      let start = browser.cursors[pane].selected
      let order = forward ? Array((start + 1)..<max(start + 1, rows.count)) : Array((0..<start).reversed())
      if let row = order.first(where: { rows[$0].localizedCaseInsensitiveContains(lastSearch) }) {
        browser.cursors[pane].select(row, count: rows.count, height: mainRows - 1)
        for later in (pane + 1)..<3 { browser.cursors[later] = ListCursor() }
      }
    default: break
    }
  }
}
