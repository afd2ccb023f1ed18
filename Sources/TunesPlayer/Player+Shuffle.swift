// Arranging a shuffle off the actor: `random 1` and `shuffle` arrange the whole queue (tens of
// milliseconds at 64k songs), and while the actor is held no client is answered and no engine report is
// handled. The arrangement is made on a copy of the queue's keys on a thread of its own, outside Swift's
// cooperative pool: the pool has one thread per core, and on two cores an arrangement made there left
// one thread for every client and the player's own reports, so a `status` could wait for most of the
// arrangement. Back on the actor it is applied in one short step if the queue and the generator are
// still those it was made from, and made again otherwise. A song that ended meanwhile only moves the
// pass to the song now current (songs end all the time; arranging again for each would never finish
// with short songs). Until it is applied nothing shows the new order, so what is shown is always what
// plays: `random` reads off, and the queue plays in its order, until the pass exists.
import Foundation
import TunesCore

extension Player {
  /// How many times an arrangement is made off the actor before, the queue having changed each time, it
  /// is made on the actor instead: a queue edited without pause never keeps the command from finishing.
  static let arrangementTries = 3

  /// What an arrangement depends on besides the keys: applied only when the queue and the generator
  /// are unchanged.
  struct ArrangementBasis: Equatable, Sendable {
    var queueVersion: Int
    /// The entry the pass starts from (the one playing or paused), nil for none.
    var current: Int?
    var rng: SeededRandom
  }

  func arrangementBasis(fromCurrent: Bool) -> ArrangementBasis {
    ArrangementBasis(queueVersion: queue.version, current: fromCurrent && state != .stopped ? currentID : nil, rng: rng)
  }

  /// `arrange` made from the queue's keys as they are when it is applied, with the generator it left
  /// and the entry it was made from. `fromCurrent`: the arrangement starts from the current entry (a
  /// pass); that entry may change meanwhile (songs end), and the caller moves the pass to the one current
  /// then (`ShufflePass.restart`) rather than arrange again. The caller applies the result before its
  /// next suspension.
  func arranged<Result: Sendable>(
    fromCurrent: Bool,
    _ arrange: @escaping @Sendable (_ keys: [ShuffleKey], _ current: Int?, _ rng: inout SeededRandom) -> Result
  ) async -> (result: Result, rng: SeededRandom, current: Int?) {
    for _ in 0..<Self.arrangementTries {
      let basis = arrangementBasis(fromCurrent: fromCurrent)
      let keys = queue.shuffleKeys()
      let hold = arrangementHold
      let made = await Self.onOwnThread {
        var rng = basis.rng
        let result = arrange(keys, basis.current, &rng)
        return (result: result, rng: rng)
      }
      await hold?()
      let now = arrangementBasis(fromCurrent: fromCurrent)
      if now.queueVersion == basis.queueVersion && now.rng == basis.rng { return (made.result, made.rng, basis.current) }
    }
    let basis = arrangementBasis(fromCurrent: fromCurrent)
    var rng = basis.rng
    let result = arrange(queue.shuffleKeys(), basis.current, &rng)
    return (result, rng, basis.current)
  }

  /// Runs `work` on a new thread named `name`, not one of the cooperative pool's, and returns its result.
  static func onOwnThread<T: Sendable>(named name: String = "tunes-shuffle", _ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      let thread = Thread {
        // Foundation on Linux keeps `Thread.name` to itself: the kernel is told too (top, gdb, /proc),
        // through the thread's own comm file (pthread_setname_np is not visible to Swift here).
        let comm = open("/proc/thread-self/comm", O_WRONLY)
        if comm >= 0 {
          _ = name.withCString { write(comm, $0, strlen($0)) }
          close(comm)
        }
        continuation.resume(returning: work())
      }
      thread.name = name
      thread.start()
    }
  }

  /// A pass (`random 1`) arranged from the current entry, off the actor.
  private func arrangedPass() async -> (result: ShufflePass, rng: SeededRandom, current: Int?) {
    await arranged(fromCurrent: true) { keys, current, rng in ShufflePass(keys: keys, current: current, rng: rng) }
  }

  /// The queue's new order (`shuffle`) as positions, arranged off the actor.
  private func arrangedOrder() async -> (result: [Int], rng: SeededRandom, current: Int?) {
    await arranged(fromCurrent: false) { keys, _, rng in
      ShuffleArranger.positions(keys, first: nil, after: nil, rng: &rng)
    }
  }

  /// Arranges the queue ahead of the command that will apply it (`random 1` when `pass`, else
  /// `shuffle`), changing nothing: the MPD server calls it before the command's turn, so the turn only
  /// applies it. The command uses it only if the queue and the generator are unchanged by then.
  public func prepareArrangement(pass: Bool) async {
    if pass && random { return }
    if pass {
      let made = await arrangedPass()
      preparedArrangement = PreparedArrangement(
        basis: ArrangementBasis(queueVersion: queue.version, current: made.current, rng: rng), pass: made.result)
    } else {
      let made = await arrangedOrder()
      preparedArrangement = PreparedArrangement(
        basis: ArrangementBasis(queueVersion: queue.version, current: nil, rng: rng), positions: made.result, rng: made.rng)
    }
  }

  /// The prepared arrangement of that kind, if it was made from the queue and generator as they are.
  private func takePrepared(pass: Bool) -> PreparedArrangement? {
    guard let prepared = preparedArrangement, (prepared.pass != nil) == pass else { return nil }
    preparedArrangement = nil
    guard prepared.basis.queueVersion == queue.version && prepared.basis.rng == rng else { return nil }
    return prepared
  }

  /// Tests hold each arrangement made off the actor with `hold` (it runs after the arrangement, before
  /// it is applied) to edit the queue meanwhile.
  func holdArrangements(_ hold: (@Sendable () async -> Void)?) {
    arrangementHold = hold
  }

  public func setRandom(_ on: Bool) async {
    ensureStarted()
    guard on != random else { return }
    guard on else {
      random = false
      pass = nil
      randomChanged()
      return
    }
    let made: (result: ShufflePass, rng: SeededRandom, current: Int?)
    if let prepared = takePrepared(pass: true), let pass = prepared.pass {
      made = (pass, pass.rng, prepared.basis.current)
    } else {
      made = await arrangedPass()
    }
    // Another `random 1` finished first: its pass stands.
    guard !random else { return }
    random = true
    var arranged = made.result
    let current = state == .stopped ? nil : currentID
    if made.current != current { arranged.restart(from: current) }
    pass = arranged
    rng = arranged.rng
    randomChanged()
  }

  private func randomChanged() {
    tellEngineReplayGain()  // auto follows random
    changed([.options])
    replanNext()
  }

  /// Reorders the queue itself at random (MPD `shuffle`), spreading artists apart like a pass.
  public func shuffleQueue() async {
    ensureStarted()
    guard queue.count > 1 else { return }
    let made: (result: [Int], rng: SeededRandom)
    if let prepared = takePrepared(pass: false), let positions = prepared.positions, let after = prepared.rng {
      made = (positions, after)
    } else {
      let arranged = await arrangedOrder()
      made = (arranged.result, arranged.rng)
    }
    rng = made.rng
    queue.reorder(positions: made.result)
    queueChanged()
  }
}

/// An arrangement made before the command that applies it: a pass (`random 1`) or the queue's new
/// order as positions (`shuffle`), with what it was made from.
struct PreparedArrangement: Sendable {
  var basis: Player.ArrangementBasis
  var pass: ShufflePass? = nil
  var positions: [Int]? = nil
  /// The generator after the queue's order was drawn (a pass carries its own).
  var rng: SeededRandom? = nil
}
