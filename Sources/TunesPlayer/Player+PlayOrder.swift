// The order the queue will play in, for views that show it (the full-screen UI's queue in play order,
// through the `tunes_playorder` MPD command). With shuffle off it is the queue's own order, which MPD's
// `playlistinfo` already gives. With shuffle on it is the pass: the songs reached so far, then the unplayed
// ones as the next-song rule (Player+NextSong) will take them: the highest priority first, else the pass's
// order. Read only: nothing here changes the pass.

extension Player {
  /// Queue entry ids in the order they play; nil with shuffle off (the queue's order).
  public func playOrder() -> [Int]? {
    guard random, let pass else { return nil }
    let reached = pass.orderIDs.prefix(pass.cursor + 1)
    let unplayed = Array(pass.unplayed)
    guard !queue.priorities.isEmpty else { return Array(reached) + unplayed.map(\.id) }
    // A stable sort by falling priority: equal priorities keep the pass's order, as
    // `firstOfHighestPriority` takes the first of them.
    let ranked = unplayed.enumerated().sorted { a, b in
      let (pa, pb) = (queue.priorities[a.element.id] ?? 0, queue.priorities[b.element.id] ?? 0)
      return pa != pb ? pa > pb : a.offset < b.offset
    }
    return Array(reached) + ranked.map(\.element.id)
  }
}
