// Writes the listens a Player tells: an observer of its facts that hands each `counted` and
// `listenEnded` to the writer it was given (the scrobbler's, which counts the play and queues the listen
// in one transaction; or the library's play count alone), on its own task, in the order told. The Player
// never waits for these writes; the recorder acknowledges each written listen (`Player.listenRecorded`)
// so the saved play state says the play counted only once it did. A write the database refuses (a full
// disk) is kept, in order, with everything told after it, and written when the database takes writes
// again (UnrecordedPlays): retried at each fact and every `retrySeconds`, and tried a last time when the
// Player shuts down. No listen is lost to a full disk, and none is written twice. A listen an earlier
// process told and did not write before it was killed comes back with the saved play state: the
// recorder writes it first (or hears it as `counted` when the state is restored after it started).
import Foundation
import TunesLibrary

public final class ListenRecorder: Sendable {
  /// What a listen and the end of its play are written with; each write is one transaction.
  public struct Writer: Sendable {
    public var counted: @Sendable (_ song: Song, _ listen: Listen) throws -> Void
    public var ended: @Sendable (_ listen: Listen) throws -> Void

    public init(
      counted: @escaping @Sendable (_ song: Song, _ listen: Listen) throws -> Void,
      ended: @escaping @Sendable (_ listen: Listen) throws -> Void = { _ in }
    ) {
      self.counted = counted
      self.ended = ended
    }

    /// Counts the play in the library (play count and last played), for a player with no scrobbler.
    public static func playCounts(in library: Library) -> Writer {
      Writer(counted: { song, listen in
        if let id = song.id { try library.recordPlay(songID: id, at: listen.listenedAt) }
      })
    }
  }

  /// Seconds between retries while something waits and nothing else is told (a stopped player).
  public static let defaultRetrySeconds = 10.0

  private let task: Task<Void, Never>
  private let state: State

  /// Starts recording what `player` tells from now on; `told` hears of each write kept for later (once
  /// per write) and of writes still kept when the player shut down.
  public static func start(
    player: Player, writer: Writer, retrySeconds: Double = defaultRetrySeconds,
    told: @escaping @Sendable (String) -> Void = { _ in }
  ) async -> ListenRecorder {
    let (stream, sentBefore, restored) = await player.subscribeRecording()
    let state = State(player: player, writer: writer, retrySeconds: retrySeconds, told: told, sentBefore: sentBefore)
    // A listen told by an earlier process and not written before it ended (the saved state kept it).
    if let restored {
      await state.take(.counted(restored.song, restored.listen), told: false)
      await state.take(.listenEnded(restored.listen), told: false)
    }
    let task = Task {
      for await fact in stream { await state.take(fact) }
      await state.finish()
    }
    return ListenRecorder(task: task, state: state)
  }

  private init(task: Task<Void, Never>, state: State) {
    self.task = task
    self.state = state
  }

  /// Returns once every fact the player told before the call is taken in (written, or kept).
  public func settle() async {
    let target = state.player.factsTold
    while await state.taken < target { try? await Task.sleep(nanoseconds: 1_000_000) }
  }

  /// Returns once the player has shut down and everything it told is written or given up.
  public func finished() async { await task.value }

  private actor State {
    let player: Player
    let writer: Writer
    let retrySeconds: Double
    let told: @Sendable (String) -> Void
    /// Facts told before this recorder's stream, plus those read from it.
    private(set) var taken: Int
    var unrecorded = UnrecordedPlays()
    /// Beside each record in `unrecorded`, in the same order: the start of a counted play's listen, nil
    /// for an end. Written ones are acknowledged to the player.
    private var listenStarts: [Date?] = []
    private var retry: Task<Void, Never>?

    init(player: Player, writer: Writer, retrySeconds: Double, told: @escaping @Sendable (String) -> Void, sentBefore: Int) {
      self.player = player
      self.writer = writer
      self.retrySeconds = retrySeconds
      self.told = told
      self.taken = sentBefore
    }

    /// `told`: the fact came from the stream (false: from the saved state, not counted in `taken`).
    func take(_ fact: PlayFact, told: Bool = true) async {
      switch fact {
      case .counted(let song, let listen):
        let writer = self.writer
        unrecorded.append("the play of \(song.path)") { try writer.counted(song, listen) }
        listenStarts.append(listen.listenedAt)
        await write()
      case .listenEnded(let listen):
        let writer = self.writer
        unrecorded.append("the time heard of a listen") { try writer.ended(listen) }
        listenStarts.append(nil)
        await write()
      default:
        // Plays the database did not take get another try with each fact.
        if !unrecorded.isEmpty { await write() }
      }
      if told { taken += 1 }
    }

    /// The player shut down: a last try; what still cannot be written is told lost.
    func finish() async {
      retry?.cancel()
      await write()
      if !unrecorded.isEmpty { told("\(unrecorded.count) play(s) could not be recorded and are lost") }
    }

    /// Writes what is waiting, oldest first, stopping at the first that fails; while something waits, a
    /// retry is due in `retrySeconds`.
    private func write() async {
      for failure in unrecorded.writeInOrder() {
        told("cannot record \(failure.what): \(failure.error); kept until it can be written")
      }
      let written = listenStarts.count - unrecorded.count
      let acknowledged = listenStarts.prefix(written).compactMap { $0 }
      listenStarts.removeFirst(written)
      for start in acknowledged { await player.listenRecorded(listenedAt: start) }
      guard !unrecorded.isEmpty, retry == nil else { return }
      let seconds = retrySeconds
      retry = Task { [weak self] in
        try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
        await self?.retried()
      }
    }

    private func retried() async {
      retry = nil
      await write()
    }
  }
}
