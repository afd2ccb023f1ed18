// `tunes_playorder [POS|START:END]`, a command of tunes' own (no MPD has it; the `tunes_` prefix keeps it
// clear of MPD's names): the queue's songs in the order they will play, as `playlistinfo` writes them
// (each with its queue `Pos`, `Id` and `Prio`). MPD's protocol only gives the queue's order; with shuffle
// on a player plays another, and a client that shows "what comes next" (the full-screen UI's queue) needs
// it. The range counts in play order, so a client reads one screen of a long queue at a time.

/// A backend that knows its play order. Backends without it answer `tunes_playorder` as an unknown
/// command, as MPD itself does.
public protocol MPDPlayOrder: MPDBackend {
  /// Queue entry ids in the order they will play; nil when that is the queue's order (shuffle off).
  func playOrder() async throws -> [Int]?
}

extension MPDDispatcher {
  static func tunesPlayOrder(_ c: MPDCall, _ out: inout MPDReply) async throws {
    guard let backend = c.backend as? any MPDPlayOrder else {
      throw MPDError(.unknown, "unknown command \"tunes_playorder\"")
    }
    let queue = try await backend.queue()
    var items = queue.items
    if let ids = try await backend.playOrder() {
      var byID: [Int: MPDQueueItem] = [:]
      for item in items { if let id = item.song.id { byID[id] = item } }
      let ordered = ids.compactMap { byID.removeValue(forKey: $0) }
      // An entry the order does not name yet (none should) is still listed, last, in queue order.
      items = ordered + items.filter { $0.song.id.map { byID[$0] != nil } ?? true }
    }
    var listed = items[...]
    if c.args.count == 1 {
      listed = items[try clip(try c.args.range(0), count: items.count, single: isSingle(c.args[0]))]
    }
    for item in listed { MPDFormat.write(item.song, to: &out) }
  }
}
