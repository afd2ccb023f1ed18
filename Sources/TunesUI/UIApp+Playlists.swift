// Editing stored playlists from the UI, through the player's MPD commands (`save`, `rename`, `rm`,
// `playlistadd`, `playlistdelete`, `playlistmove`) so that every client sees the change at once: the
// player announces `stored_playlist` and the playlists view reloads. A question (a name, or "delete?")
// is asked on the bottom line. Smart playlists are their query's result: they can be renamed and
// deleted, not edited song by song.
import Foundation
import TunesMPD

/// What is asked on the bottom line before a playlist changes.
enum PlaylistEdit: Equatable {
  /// Which playlist to add these songs to (a new name creates it).
  case addTo(uris: [String])
  /// The new name of a playlist.
  case rename(String)
  /// Whether to delete a playlist (y/n).
  case delete(String)

  var question: String {
    switch self {
    case .addTo(let uris): return "add \(uris.count) song\(uris.count == 1 ? "" : "s") to playlist: "
    case .rename(let name): return "rename \"\(name)\" to: "
    case .delete(let name): return "delete playlist \"\(name)\"? (y/n) "
    }
  }

  /// Answered by one key (y: yes; anything else: no) rather than a line of text.
  var isConfirmation: Bool {
    if case .delete = self { return true }
    return false
  }
}

extension UIApp {
  /// `:save NAME`: the queue as a new stored playlist.
  func saveQueue(as name: String) {
    guard !name.isEmpty else {
      messages.show(":save takes the new playlist's name", error: true)
      return
    }
    do {
      try link.run("save", [name])
      messages.show("saved the queue as \"\(name)\"")
    } catch {
      report(error)
    }
  }

  /// `y`: asks which playlist the selection goes to.
  func askPlaylistToAddTo() throws(ControlError) {
    let uris = view == .queue ? queue.selected.map { [$0.file] } ?? [] : try selectionURIs()
    guard !uris.isEmpty else {
      messages.show("nothing selected to add to a playlist")
      return
    }
    input = InputLine(kind: .playlist(.addTo(uris: uris)))
  }

  /// `R`: asks the selected playlist's new name.
  func askNewPlaylistName() {
    loadPlaylists()
    guard view == .playlists, let name = playlists.selectedName else {
      messages.show("R renames the selected playlist (view 4)")
      return
    }
    input = InputLine(kind: .playlist(.rename(name)), text: name)
  }

  /// `D` in the playlists view: the playlist (asked first), or the selected song of it.
  func deleteInPlaylists() throws(ControlError) {
    loadPlaylists()
    guard let name = playlists.selectedName else { return }
    if playlists.pane == 0 {
      input = InputLine(kind: .playlist(.delete(name)))
      return
    }
    guard editableBySong(name), playlists.cursors[1].selected < playlists.currentSongs.count else { return }
    try link.run("playlistdelete", [name, String(playlists.cursors[1].selected)])
  }

  /// `p`/`P` in the playlists view: moves the selected song of the playlist.
  func moveInPlaylist(by delta: Int) throws(ControlError) {
    loadPlaylists()
    guard playlists.pane == 1, let name = playlists.selectedName, editableBySong(name) else { return }
    let from = playlists.cursors[1].selected
    let count = playlists.currentSongs.count
    let target = from + delta
    guard from < count, target >= 0, target < count else { return }
    try link.run("playlistmove", [name, String(from), String(target)])
    playlists.cursors[1].select(target, count: count, height: max(1, mainRows - 1))
  }

  /// The playlists as the player has them now: a change announced since the last frame emptied them, and
  /// a key that came with the announcement must act on the new list, not on none.
  func loadPlaylists() {
    do { try playlists.load(link, smart: options.smartPlaylists) } catch { report(error) }
  }

  /// False, and says why, for a smart playlist.
  func editableBySong(_ name: String) -> Bool {
    guard let query = playlists.smart[name] else { return true }
    messages.show("\"\(name)\" is a smart playlist: its songs are what \"\(query)\" finds", error: true)
    return false
  }

  /// Carries out an edit once its question is answered.
  func finish(_ edit: PlaylistEdit, text: String) {
    let name = text.trimmingCharacters(in: .whitespaces)
    do {
      switch edit {
      case .addTo(let uris):
        guard !name.isEmpty else { return }
        guard editableBySong(name) else { return }
        try link.runList(uris.map { ["playlistadd", name, $0] })
        messages.show("added \(uris.count) song\(uris.count == 1 ? "" : "s") to \"\(name)\"")
      case .rename(let old):
        guard !name.isEmpty, name != old else { return }
        try link.run("rename", [old, name])
        // The selection stays on the playlist under its new name, wherever that sorts.
        playlists.reset()
        loadPlaylists()
        if let names = playlists.names, let index = names.firstIndex(of: name) {
          playlists.cursors[0].select(index, count: names.count, height: max(1, mainRows - 1))
        }
        messages.show("renamed \"\(old)\" to \"\(name)\"")
      case .delete(let old):
        try link.run("rm", [old])
        messages.show("deleted playlist \"\(old)\"")
      }
    } catch {
      report(error)
    }
  }
}
