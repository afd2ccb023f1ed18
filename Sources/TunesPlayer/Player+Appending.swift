// Appending many groups of songs in one call: what a command list of `add` lines becomes. Each group is
// its own edit of the queue, with its own queue version, as that many `add`s leave it (clients compare
// versions with `plchanges`); but listeners, the engine's next song and the saved state hear of the
// groups once. One change per group cost a change event, a replan and a state snapshot per `add`, and a
// snapshot waiting to be written made the next edit copy the whole queue.
import TunesLibrary

extension Player {
  /// Appends each group in turn at the end of the queue; returns each group's new entry ids. Shuffling,
  /// the new entries go to random places in the unplayed part of the pass, as `add` puts them.
  @discardableResult
  public func append(_ groups: [SongBatch]) -> [[Int]] {
    ensureStarted()
    let start = queue.count
    let ids = groups.map { queue.add($0) }
    if var p = pass {
      pass = nil  // so that the inserts edit the pass in place instead of copying it
      for key in queue.shuffleKeys(start..<queue.count) { p.insert(key) }
      pass = p
    }
    queueChanged()
    return ids
  }
}
