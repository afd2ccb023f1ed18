// The Player's side of the engine's tokens: every track handed to the engine gets a new token with the
// plan it stands for, and the engine's reports name tokens back. This value keeps which token is heard,
// which is being written (ahead of what is heard near a song's end), which was planned to follow, and
// which plays were started and have not been heard yet, so a late report of an old track changes nothing.
struct EnginePlans: Sendable {
  private var plans: [UInt64: PlayPlan] = [:]
  /// Tokens sent with `.play` that have neither started nor failed yet.
  private var playTokens: Set<UInt64> = []
  private var nextToken: UInt64 = 1
  /// The track being heard.
  private(set) var current: UInt64?
  /// The token the engine was told follows the one it writes.
  private(set) var plannedNext: UInt64?
  /// The track the engine is writing: the current one, or the next one while the device still plays
  /// the end of the current one.
  private var writing: UInt64?
  private var writingPlan: PlayPlan?

  /// The track whose follower the engine asks about: the one written, else the one heard.
  var written: UInt64? { writing ?? current }

  /// The plan of the track written ahead of the one heard (nil while they are the same).
  var writtenAhead: PlayPlan? { writing != nil && writing != current ? writingPlan : nil }

  /// The plan of the track planned to follow the one written.
  var plannedNextPlan: PlayPlan? { plannedNext.flatMap { plans[$0] } }

  /// True when `token` is the track heard or the one being written.
  func isHeardOrWritten(_ token: UInt64) -> Bool { token == current || token == writing }

  /// A token for a new `.play`: the engine drops what it plays, so what was planned to follow is void.
  mutating func play(_ plan: PlayPlan) -> UInt64 {
    plannedNext = nil
    let token = register(plan)
    playTokens.insert(token)
    return token
  }

  /// A token for what follows the track written, for `.setNext`.
  mutating func planNext(_ plan: PlayPlan) -> UInt64 {
    let token = register(plan)
    plannedNext = token
    return token
  }

  /// Nothing follows the track written (the engine is told `.setNext(after:, nil)`).
  mutating func planNothingNext() {
    plannedNext = nil
  }

  /// The engine began writing `token`. Returns true unless it is the track heard (a new play is written
  /// before it is heard): the Player then plans what follows it, if a track is heard at all.
  mutating func engineWrites(_ token: UInt64) -> Bool {
    writing = token
    writingPlan = plans[token]
    if token == plannedNext { plannedNext = nil }
    return token != current
  }

  /// `token` is now heard: returns its plan, or nil when it is none of the Player's plans (any more).
  mutating func started(_ token: UInt64) -> PlayPlan? {
    guard let plan = plans.removeValue(forKey: token) else { return nil }
    // Older tokens can no longer start: the engine has carried out every command before this one.
    plans = plans.filter { $0.key > token }
    playTokens = playTokens.filter { $0 > token }
    if let current { plans[current] = nil }
    current = token
    plannedNext = nil
    return plan
  }

  /// `token` could not be played: returns its plan, whether it was a `.play`, and whether it was the
  /// planned next track. Either way it is forgotten.
  mutating func failed(_ token: UInt64) -> (plan: PlayPlan?, wasPlay: Bool, wasNext: Bool) {
    let plan = plans.removeValue(forKey: token)
    let wasPlay = playTokens.remove(token) != nil
    return (plan, wasPlay, token == plannedNext)
  }

  /// The engine holds nothing any more (stopped, played out, failed): no track is heard, written or
  /// planned to follow. Plans of plays not yet heard stay: the engine may still report them.
  mutating func engineEmptied() {
    current = nil
    writing = nil
    plannedNext = nil
  }

  private mutating func register(_ plan: PlayPlan) -> UInt64 {
    let token = nextToken
    nextToken += 1
    plans[token] = plan
    return token
  }
}
