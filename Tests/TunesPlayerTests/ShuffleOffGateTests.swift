// `random 1` and `shuffle` arrange the queue off the Player actor: other commands are answered while the
// arrangement is made, and an arrangement the queue outran meanwhile is never applied. Each case holds
// the arrangement (Player.holdArrangements), edits the player meanwhile, then lets it go on.
import Foundation
import Synchronization
import Testing
import TunesCore

@testable import TunesPlayer

/// Where an arrangement waits until the test opens it; counts the arrangements that reached it.
actor ArrangementHold {
  private(set) var arrivals = 0
  private var opened = false
  private var arrivalWaiters: [CheckedContinuation<Void, Never>] = []
  private var openWaiters: [CheckedContinuation<Void, Never>] = []

  func arrive() async {
    arrivals += 1
    for waiter in arrivalWaiters { waiter.resume() }
    arrivalWaiters = []
    if !opened { await withCheckedContinuation { openWaiters.append($0) } }
  }

  /// Returns once `count` arrangements have arrived.
  func waitForArrivals(_ count: Int) async {
    while arrivals < count { await withCheckedContinuation { arrivalWaiters.append($0) } }
  }

  func open() {
    opened = true
    for waiter in openWaiters { waiter.resume() }
    openWaiters = []
  }
}

@Suite(.timeLimit(.minutes(2))) struct ShuffleOffGateTests {
  func player() async throws -> Player {
    let p = Player(sink: FakeSink(), decoders: fakeLibrary([:]), seed: 11)
    try await p.add((1...40).map { song($0, artist: "artist \($0 % 7)", album: "album \($0 % 11)") })
    return p
  }

  func queueIDs(_ p: Player) async -> [Int] { await p.queueEntries().map(\.id) }

  /// An entry deleted and two added while the pass is arranged: the command that edits is answered at
  /// once (it used to wait for the arrangement), `random` reads off until the pass exists, and the pass
  /// applied holds exactly the queue's entries, each once.
  @Test func aPassArrangedWhileTheQueueChangesHoldsTheQueueAsItIs() async throws {
    let p = try await player()
    let hold = ArrangementHold()
    await p.holdArrangements { await hold.arrive() }
    let turningOn = Task { await p.setRandom(true) }
    await hold.waitForArrivals(1)
    try await p.delete(id: 5)
    let added = try await p.add([song(100, artist: "new"), song(101, artist: "new")])
    #expect(await p.status().random == false, "random shown on before its pass exists")
    await hold.open()
    await turningOn.value
    #expect(await p.status().random)
    let pass = try #require(await p.pass)
    let ids = await queueIDs(p)
    #expect(pass.orderIDs.sorted() == ids.sorted())
    #expect(Set(pass.orderIDs).isSuperset(of: added) && !pass.orderIDs.contains(5))
    #expect(await hold.arrivals == 2, "the outrun arrangement was not made again")
  }

  /// The song playing changes while the pass is arranged: the pass applied starts from the song that
  /// plays now, as one made from it would, without arranging again; the song it was made from goes back
  /// into the unplayed part.
  @Test func aPassStartsFromTheSongPlayingWhenItIsApplied() async throws {
    // The held device keeps each song playing: only the writes `drive` lets through are heard.
    let sink = FakeSink()
    sink.hold()
    let tracks = Dictionary(uniqueKeysWithValues: (1...40).map { ($0, FakeTrack(frames: 60_000)) })
    let p = Player(sink: sink, decoders: fakeLibrary(tracks), seed: 11)
    try await p.add((1...40).map { song($0, artist: "artist \($0 % 7)", album: "album \($0 % 11)") })
    try await drive(sink, p) { try await p.play(id: 3) }
    let hold = ArrangementHold()
    await p.holdArrangements { await hold.arrive() }
    let turningOn = Task { await p.setRandom(true) }
    await hold.waitForArrivals(1)
    try await drive(sink, p) { try await p.play(id: 17) }
    await hold.open()
    await turningOn.value
    let pass = try #require(await p.pass)
    #expect(pass.cursor == 0 && pass.order.first?.id == 17 && pass.history == [17])
    #expect(pass.orderIDs.sorted() == Array(1...40))
    #expect(await p.status().currentID == 17)
    #expect(await hold.arrivals == 1)
    await p.quiesce(sink)
    sink.release()
    await p.shutdown()
  }

  /// A pass made from one song, restarted from another: that one first and reached, the first one
  /// unplayed, every song once; and from none: nothing reached.
  @Test func aPassRestartsFromAnotherSong() {
    let keys = (1...30).map { ShuffleKey(id: $0, artist: "artist \($0 % 5)", album: "album \($0)") }
    var pass = ShufflePass(keys: keys, current: 4, rng: SeededRandom(seed: 2))
    pass.restart(from: 9)
    #expect(pass.order.first?.id == 9 && pass.cursor == 0 && pass.history == [9] && pass.historyIndex == 0)
    #expect(pass.unplayed.contains { $0.id == 4 })
    #expect(pass.orderIDs.sorted() == Array(1...30))
    pass.restart(from: nil)
    #expect(pass.cursor == -1 && pass.history.isEmpty && pass.orderIDs.sorted() == Array(1...30))
  }

  /// `shuffle` with an entry deleted meanwhile: the queue is reordered as it is now, not as it was when
  /// the order was drawn (moving the entries of a stale order lost or duplicated them).
  @Test func aShuffleOfAQueueEditedMeanwhileReordersTheQueueAsItIs() async throws {
    let p = try await player()
    let before = await queueIDs(p)
    let hold = ArrangementHold()
    await p.holdArrangements { await hold.arrive() }
    let shuffling = Task { await p.shuffleQueue() }
    await hold.waitForArrivals(1)
    try await p.delete(id: 8)
    #expect(await queueIDs(p) == before.filter { $0 != 8 }, "the queue was reordered before its order was checked")
    await hold.open()
    await shuffling.value
    let after = await queueIDs(p)
    #expect(after.sorted() == before.filter { $0 != 8 }.sorted())
    #expect(after != before.filter { $0 != 8 }, "not reordered")
    #expect(await hold.arrivals == 2)
  }

  /// As many arrangements running as the machine has cores, each keeping its thread busy: the Player
  /// still answers. Made on Swift's cooperative pool (one thread per core and priority), they left no
  /// thread to answer on until they ended; here they are let go after a minute if the status has not
  /// come by then.
  @Test func thePlayerAnswersWhileArrangementsKeepEveryCoreBusy() async throws {
    let p = try await player()
    let spinning = SpinningArrangements()
    let cores = max(ProcessInfo.processInfo.activeProcessorCount, 2)
    let answered = Atomic(false)
    let timedOut = Atomic(false)
    Thread.detachNewThread {
      let deadline = Date(timeIntervalSinceNow: 60)
      while !answered.load(ordering: .sequentiallyConsistent) && Date() < deadline { usleep(10_000) }
      if !answered.load(ordering: .sequentiallyConsistent) { timedOut.store(true, ordering: .sequentiallyConsistent) }
      spinning.released.store(true, ordering: .sequentiallyConsistent)
    }
    let arrangements = (0..<cores).map { _ in Task { await p.arranged(fromCurrent: false, spinning.arrange) } }
    while spinning.started.load(ordering: .sequentiallyConsistent) < cores && !timedOut.load(ordering: .sequentiallyConsistent) {
      try await Task.sleep(for: .milliseconds(5))
    }
    // Asked from a detached task, at the priority the arrangements had: they shared its pool.
    let length = await Task.detached { await p.status().queueLength }.value
    #expect(length == 40)
    let late = timedOut.load(ordering: .sequentiallyConsistent)
    answered.store(true, ordering: .sequentiallyConsistent)
    spinning.released.store(true, ordering: .sequentiallyConsistent)
    for arrangement in arrangements { #expect(await arrangement.value.result == 40) }
    #expect(!late, "the status waited for the arrangements")
  }

  /// A queue that changes during every arrangement: after a few tries the pass is made on the actor,
  /// so the command ends, and the pass still holds the queue's entries.
  @Test func aQueueThatNeverSettlesStillGetsItsPass() async throws {
    let p = try await player()
    let next = EditCounter()
    await p.holdArrangements {
      let n = await next.increment()
      _ = try? await p.add([song(200 + n)])
    }
    await p.setRandom(true)
    let pass = try #require(await p.pass)
    #expect(pass.orderIDs.sorted() == (await queueIDs(p)).sorted())
    #expect(await next.value == Player.arrangementTries)
    #expect(await p.status().queueLength == 40 + Player.arrangementTries)
  }
}

/// Arrangements that keep their threads running (as a long one does) until let go.
final class SpinningArrangements: Sendable {
  let started = Atomic(0)
  let released = Atomic(false)

  func arrange(_ keys: [ShuffleKey], _ current: Int?, _ rng: inout SeededRandom) -> Int {
    started.add(1, ordering: .sequentiallyConsistent)
    while !released.load(ordering: .sequentiallyConsistent) { sched_yield() }
    return keys.count
  }
}

actor EditCounter {
  private(set) var value = 0
  func increment() -> Int {
    value += 1
    return value
  }
}

/// The MPD server arranges before a command's turn (`prepareArrangement`); the command applies that
/// arrangement when nothing changed, and arranges afresh when the queue did.
@Suite(.timeLimit(.minutes(2))) struct PreparedArrangementTests {
  func player() async throws -> (Player, ArrangementHold) {
    let p = Player(sink: FakeSink(), decoders: fakeLibrary([:]), seed: 5)
    try await p.add((1...40).map { song($0, artist: "artist \($0 % 7)", album: "album \($0 % 11)") })
    let hold = ArrangementHold()
    await hold.open()
    await p.holdArrangements { await hold.arrive() }
    return (p, hold)
  }

  @Test func aPreparedPassIsAppliedWithoutArrangingAgain() async throws {
    let (p, hold) = try await player()
    await p.prepareArrangement(pass: true)
    #expect(await p.status().random == false, "preparing changed the mode")
    let prepared = try #require(await p.preparedArrangement?.pass)
    await p.setRandom(true)
    #expect(await hold.arrivals == 1)
    #expect(await p.pass == prepared)
  }

  @Test func aPreparedPassTheQueueOutranIsNotApplied() async throws {
    let (p, hold) = try await player()
    await p.prepareArrangement(pass: true)
    try await p.delete(id: 3)
    await p.setRandom(true)
    #expect(await hold.arrivals == 2)
    let pass = try #require(await p.pass)
    #expect(pass.orderIDs.sorted() == (1...40).filter { $0 != 3 })
  }

  @Test func aPreparedShuffleIsAppliedOnlyToTheQueueItWasMadeFrom() async throws {
    let (p, hold) = try await player()
    let before = await p.queueEntries().map(\.id)
    await p.prepareArrangement(pass: false)
    #expect(await p.queueEntries().map(\.id) == before, "preparing reordered the queue")
    await p.shuffleQueue()
    #expect(await hold.arrivals == 1)
    let once = await p.queueEntries().map(\.id)
    #expect(once.sorted() == before && once != before)
    await p.prepareArrangement(pass: false)
    try await p.add([song(99)])
    await p.shuffleQueue()
    #expect(await hold.arrivals == 3)
    #expect(await p.queueEntries().map(\.id).sorted() == once.sorted() + [41])
  }
}
