// The shuffle pass has one owner, the Player's `pass`. A plan for a song not yet heard holds the pass as
// it will be once that song starts, worked out when the plan was made; songs are planned seconds before
// they are heard (the engine opens the next song early to play on without a gap, and a crossfade writes
// it while the current one fades), and the pass may change meanwhile: songs added or removed (an edit,
// the queue refreshed after an index update, `clear` and `add`), random switched. Taken as it is, a plan
// made before such a change would put the older pass back: songs added meanwhile left out of every later
// pass, songs removed kept in it. Such a plan is carried over to the pass as it is instead; only a plan
// made from the pass as it still is replaces it.
extension Player {
  /// `plan`, marked with the state of the pass it was worked out from (the live one, now).
  func stamped(_ plan: PlayPlan) -> PlayPlan {
    var plan = plan
    plan.passEdits = passEdits
    return plan
  }

  /// The pass as it will be once `plan` starts, given the live pass now. Shuffle off: none, whatever the
  /// plan held when it was made.
  func passOnceStarted(_ plan: PlayPlan) -> ShufflePass? {
    guard let live = pass else { return nil }
    guard let planned = plan.pass else { return live }
    if plan.passEdits == passEdits { return planned }
    return live.movedOn(to: plan.itemID, as: planned)
  }

  /// `plan`'s song started: the live pass becomes what the plan makes of it.
  func adoptPass(of plan: PlayPlan) {
    guard let next = passOnceStarted(plan) else { return }
    adoptingPlannedPass = true
    pass = next
    adoptingPlannedPass = false
    rng = next.rng
  }
}
