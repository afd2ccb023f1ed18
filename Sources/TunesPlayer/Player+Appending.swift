// Appending many groups of songs in one call: what a command list of `add` lines becomes. Each group is
// its own edit of the queue, with its own queue version, as that many `add`s leave it (clients compare
// versions with `plchanges`); but listeners, the engine's next song and the saved state hear of the
// groups once. One change per group cost a change event, a replan and a state snapshot per `add`, and a
// snapshot waiting to be written made the next edit copy the whole queue.
import TunesLibrary

extension Player {
  /// Appends each group in turn at the end of the queue; returns each group's new entry ids. Shuffling,
  /// the new entries go to random places in the unplayed part of the pass, as `add` puts them. The groups
  /// stop at `queueLimit`, as MPD's adds stop at its `max_playlist_length`: fewer ids than groups, or
  /// fewer in the last, say that the queue filled up.
  @discardableResult
  public func append(_ groups: [SongBatch]) -> [[Int]] {
    ensureStarted()
    let start = queue.count
    var ids: [[Int]] = []
    ids.reserveCapacity(groups.count)
    for group in groups {
      let room = queueRoom
      guard room > 0 else { break }
      ids.append(queue.add(group.count > room ? group.prefix(room) : group))
      if group.count > room { break }
    }
    if var p = pass {
      pass = nil  // so that the inserts edit the pass in place instead of copying it
      p.insert(contentsOf: queue.shuffleKeys(start..<queue.count))
      pass = p
    }
    queueChanged()
    return ids
  }
}
