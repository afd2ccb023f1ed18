// Planning what plays next: the next-song rule applied to the queue or the shuffle pass, the entry the
// status names as next, and the track the engine is told follows the one it writes (so it plays on
// without a gap). Shuffling, the unplayed entry of the highest priority (`prio`) comes first, as in MPD.
import TunesCore

extension Player {
  /// The song that follows `itemID` by the next-song rule, and the pass as it will be when it starts.
  func planAfter(itemID: Int, base: ShufflePass?, advance: Advance) -> PlayPlan? {
    if random, var p = base {
      let decision = nextSong(
        cursor: p.cursor, length: p.order.count, repeat: repeatMode, single: single.isOn, consume: consume, shuffle: true,
        advance: advance)
      let consumeID = decision.consumeCurrent ? itemID : nil
      switch decision.action {
      case .stop: return nil
      case .replay: return PlayPlan(itemID: itemID, pass: nil, consumeID: nil)
      case .newPass:
        if consumeID != nil { p.remove(id: itemID) }
        guard let first = p.beginNewPass() else { return nil }
        return PlayPlan(itemID: first, pass: p, consumeID: consumeID)
      case .play:
        // The unplayed entry of the highest priority, when any has one; else the pass's own next
        // unplayed song (`play(cursor + 1)` is the entry after the cursor).
        if let id = Self.firstOfHighestPriority(p.unplayed, queue.priorities) {
          p.jump(to: id)
          return PlayPlan(itemID: id, pass: p, consumeID: consumeID)
        }
        guard let id = p.advance() else { return nil }
        return PlayPlan(itemID: id, pass: p, consumeID: consumeID)
      }
    }
    guard let position = queue.position(ofID: itemID) else { return queue.isEmpty ? nil : PlayPlan(itemID: queue[0].id) }
    let decision = nextSong(
      cursor: position, length: queue.count, repeat: repeatMode, single: single.isOn, consume: consume, shuffle: false,
      advance: advance)
    let consumeID = decision.consumeCurrent ? itemID : nil
    switch decision.action {
    case .stop: return nil
    case .replay: return PlayPlan(itemID: itemID)
    case .newPass: return PlayPlan(itemID: queue[0].id, consumeID: consumeID)
    case .play(let index): return PlayPlan(itemID: queue[index].id, consumeID: consumeID)
    }
  }

  /// The first of `unplayed` (in pass order) among those of the highest priority above 0; nil when none
  /// has a priority, which is most queues: then nothing is searched.
  static func firstOfHighestPriority(_ unplayed: ArraySlice<ShuffleKey>, _ priorities: [Int: Int]) -> Int? {
    guard !priorities.isEmpty else { return nil }
    var best: (id: Int, priority: Int)?
    for key in unplayed {
      if let priority = priorities[key.id], priority > (best?.priority ?? 0) { best = (key.id, priority) }
    }
    return best?.id
  }

  /// The entry expected after the current one (for `status`). With single on it is the one play stops
  /// on at the song's end, as MPD names it. While the engine already writes the next song (a crossfade,
  /// or a gapless start the device has not reached) that song is next: what is planned then follows it,
  /// and is the current song itself when a new pass begins with the incoming song.
  func upcomingID() -> Int? {
    guard let currentID else { return random ? pass?.upcoming : (queue.isEmpty ? nil : queue[0].id) }
    if let ahead = plans.writtenAhead { return ahead.itemID }
    if let plan = plans.plannedNextPlan { return plan.itemID }
    let ending = planAfter(itemID: currentID, base: pass, advance: .songEnded)
    return (ending ?? (single.isOn ? planAfter(itemID: currentID, base: pass, advance: .userNext) : nil))?.itemID
  }

  /// Tells the engine what follows the song it writes, so it can open it early and play on without a gap.
  func replanNext() {
    // Plans of earlier tokens stay: the engine may already be writing one of them.
    guard engineLoaded, let token = plans.written, let currentID else { return }
    let ahead = plans.writtenAhead
    guard
      let plan = planAfter(
        itemID: ahead?.itemID ?? currentID, base: ahead.map(passOnceStarted) ?? pass, advance: .songEnded),
      let item = queue.item(id: plan.itemID)
    else {
      plans.planNothingNext()
      post(.setNext(after: token, nil))
      return
    }
    let next = plans.planNext(stamped(plan))
    post(track: next, itemID: item.id, song: item.song, after: writtenSong()) { .setNext(after: token, $0) }
  }
}
