// Feeding the listen rule: audio heard of the current song goes into its rule, and a play that counts
// leaves through the listen hook (the scrobbler's), or is counted in the library when there is none.
import TunesCore
import TunesLibrary

extension Player {
  /// Feeds the listen rule with audio heard up to `ms` since the last report.
  func heard(upTo ms: Int) {
    let from = lastHeardMs ?? ms
    elapsedMs = ms
    lastHeardMs = ms
    heardMs += max(ms - from, 0)
    guard var rule = listenRule, let id = currentID else { return }
    let listen = rule.heard(from: from, to: ms)
    listenRule = rule
    // The entry is looked up only when a listen is due, not at every position report.
    if let listen, let song = queue.item(id: id)?.song { listened(song, listen) }
  }

  /// A listen leaves the player through the hook alone (the scrobbler's), or is counted in the library.
  private func listened(_ song: Song, _ listen: Listen) {
    do {
      if let listenHook {
        try listenHook(song, listen)
      } else if let library, let songID = song.id {
        try library.recordPlay(songID: songID, at: clock.now())
      }
    } catch {
      emit(.message("cannot record the play of \(song.path): \(error)"))
    }
  }
}
