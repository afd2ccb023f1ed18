// What the Player means by one play it hands the engine: which entry, and what changes once that
// entry is heard. Kept under the play's token until the engine reports the track started (or failed),
// so the state changes when the speakers do, not when the command is sent.
struct PlayPlan: Sendable, Equatable {
  var itemID: Int
  /// The shuffle pass as it is once this song has started (nil: leave the pass alone).
  var pass: ShufflePass?
  /// The Player's `passEdits` when `pass` was worked out: a plan made before the live pass last changed
  /// is stale, and its pass is not taken as it is.
  var passEdits = 0
  /// An entry to remove from the queue when this song starts (consume mode).
  var consumeID: Int?
  /// A play restored from a saved session: what was heard of it before the restart, which still counts.
  var resumedListen: ListenProgress?
  /// The same play reloaded at its position (the song queued after it was removed): keeps its listen rule.
  var continuesPlay = false
}
