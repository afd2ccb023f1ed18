// What the player's observers call (ScrobblerWiring in `tunes`, from the Player's facts; the Player
// never calls it): playing_now on start (and on a resume after a long pause), and `listened` once the
// listen rule says a play counts, which counts the play and queues the listen in one transaction, then
// wakes the submitter (a listen held until its play ends gets its final body, is sent, and the
// submitter woken, by `listenEnded`). Nothing here waits on the network.
import Foundation
import GRDB
import Synchronization
import TunesLibrary
import TunesTags

public final class Scrobbler: Sendable {
  public let library: Library
  /// The account as it is now: the client for playing_now, the user each listen is queued under (only
  /// a login as that user sends it; nil lets the next login send it), and whether submission is off
  /// (then plays are counted, but no listen is queued and no playing_now sent).
  private let account: AccountSource
  /// The targets besides ListenBrainz each listen is also queued for (one row each).
  private let otherTargets: [String]
  private let submitter: Submitter?
  private let log: @Sendable (String) -> Void
  /// The last playing_now failure logged (the same one is not logged at every song).
  private let lastPlayingNowFailure = Mutex<String?>(nil)
  /// Listens held until their play ends, by `listened_at`: the song and tags their body was made of,
  /// so the final body (with `duration_played`) is made the same way, never by parsing the stored one.
  private let held = Mutex<[Int: (song: Song, tags: TagSet?)]>([:])

  public init(
    library: Library, account: AccountSource, submitter: Submitter?, otherTargets: [String] = [],
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.library = library
    self.account = account
    self.otherTargets = otherTargets
    self.submitter = submitter
    self.log = log
  }

  /// A fixed account: `client` nil (not logged in) still counts and queues listens, sent after login.
  public convenience init(
    library: Library, client: ListenBrainzClient?, submitter: Submitter?, user: String? = nil,
    currentOff: (@Sendable () -> String?)? = nil, log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.init(
      library: library, account: .fixed(client: client, user: user, off: currentOff ?? { nil }), submitter: submitter, log: log)
  }

  /// A song started playing: tell ListenBrainz (in the background; failures are only logged). No start
  /// time is taken: playing_now carries none (ListenBrainz refuses one that has `listened_at`), and the
  /// start time of a listen reaches `listened` with the listen itself.
  @discardableResult
  public func songStarted(song: Song) -> Task<Void, Never>? {
    sendPlayingNow(song)
  }

  /// Playback resumed after `seconds` of pause. The server drops playing_now after the song's
  /// remaining duration, so it is sent again when the pause outlasted that.
  @discardableResult
  public func songResumed(song: Song, afterPause seconds: Double, remainingSeconds: Double) -> Task<Void, Never>? {
    guard seconds > remainingSeconds else { return nil }
    return sendPlayingNow(song)
  }

  /// The song's stored tags for the listen's ids; none when it is not in the library.
  private func storedTags(_ song: Song) -> TagSet? {
    guard let id = song.id else { return nil }
    return (try? library.tags(forSongs: [id]))?[id]
  }

  private func sendPlayingNow(_ song: Song) -> Task<Void, Never>? {
    guard account.off() == nil, let client = account.now().client, client.hasToken else { return nil }
    guard let listen = ListenPayload.listen(song: song, tags: storedTags(song), listenedAt: nil, playedMs: nil) else {
      log("playing_now not sent: \(ListenPayload.skipReason(song) ?? song.path)")
      return nil
    }
    return Task.detached { [self] in
      do throws(ListenBrainzError) {
        try await client.playingNow(listen: listen)
        lastPlayingNowFailure.withLock { $0 = nil }
      } catch {
        await playingNowFailed(error, client: client)
      }
    }
  }

  /// Logs why playing_now was not sent, once until it changes. A 401 for a token the server still
  /// accepts is the account's state (paused, no e-mail address): said in the words `tunes lb status`
  /// and the submitter use, not as a refused token.
  private func playingNowFailed(_ error: ListenBrainzError, client: ListenBrainzClient) async {
    var said = error
    if case .unauthorized(let message) = error, await Submitter.tokenAccepted(by: client) {
      said = .accountRefused(message: message)
    }
    let line = "playing_now not sent: \(said.description)"
    let repeated = lastPlayingNowFailure.withLock { last in
      defer { last = line }
      return last == line
    }
    if !repeated { log(line) }
  }

  /// A play counted: records the play and queues its listen in ONE transaction, then wakes the
  /// submitter. Returns the queued listen's id, or nil when the song cannot be a listen (no title or
  /// artist; the play is still counted and the reason logged).
  /// `untilEnd`: the player reports the end of the play (`listenEnded`), so the listen is held until
  /// then and sent with the time actually heard; without it the listen goes at once with `playedMs`.
  @discardableResult
  public func listened(song: Song, listenedAt: Date, playedMs: Int, untilEnd: Bool = false) throws(ListenBrainzError)
    -> Int64?
  {
    let off = account.off() != nil
    let tags = off ? nil : storedTags(song)
    let payload = off ? nil : ListenPayload.listen(song: song, tags: tags, listenedAt: listenedAt, playedMs: playedMs)
    if payload == nil && !off { log("listen not submitted: \(ListenPayload.skipReason(song) ?? song.path)") }
    // The account as it is now (a `stat` of the config file), read before the transaction.
    let user: String? = payload != nil ? account.now().user : nil
    let id: Int64?
    do {
      id = try library.database(for: .listens).write { db -> Int64? in
        if let songID = song.id { try Library.recordPlay(db, songID: songID, at: listenedAt) }
        guard let payload else { return nil }
        let at = Int(listenedAt.timeIntervalSince1970)
        let state: PendingListen.State = untilEnd ? .playing : .pending
        let label = ListenPayload.label(song)
        // One row per target, in the same transaction: each target gets the listen once, on its own.
        for target in otherTargets {
          try ListenQueue.enqueue(
            db, songID: song.id, listenedAt: at, body: payload, label: label, createdAt: Date(), state: state,
            target: target)
        }
        return try ListenQueue.enqueue(
          db, songID: song.id, listenedAt: at, body: payload, label: label, createdAt: Date(), account: user, state: state)
      }
    } catch {
      throw ListenBrainzError.locked(error, path: library.path) ?? .database(reason: "\(library.path): \(error)")
    }
    if id != nil && untilEnd {
      held.withLock { $0[Int(listenedAt.timeIntervalSince1970)] = (song, tags) }
    }
    if id != nil && !untilEnd { submitter?.wake() }
    return id
  }

  /// The play started at `listenedAt`, which counted, ended (played out, skipped, stopped) after
  /// `playedMs` of audio heard: its held listen gets its final body, with that as `duration_played`
  /// in whole seconds, rounded (none below half a second): the player measures what was heard by the
  /// output buffer, so a 7 s song played through measures 6.98 s and is 7. It is then sent.
  public func listenEnded(listenedAt: Date, playedMs: Int) throws(ListenBrainzError) {
    let at = Int(listenedAt.timeIntervalSince1970)
    let made = held.withLock { $0.removeValue(forKey: at) }
    let rounded = (playedMs + 500) / 1000 * 1000
    let body = made.flatMap { ListenPayload.listen(song: $0.song, tags: $0.tags, listenedAt: listenedAt, playedMs: rounded) }
    // Not made here (held by an earlier process): sent as it was stored, with the time heard when it counted.
    let released = try ListenQueue(library: library).finish(listenedAt: at) { _ in body }
    if released > 0 { submitter?.wake() }
  }
}

extension Scrobbler {
  /// The usual wiring for a player process or daemon: starts a submitter that reads the account
  /// before every request (`LiveAccount`: a logout stops it, a login, also as another user, is used
  /// from the next request on, and sends only that user's listens and those queued under no user)
  /// and returns the scrobbler to feed with play events, which queues each listen under the user
  /// logged in at that moment. Problems (no
  /// token, a config file others can read) are logged and the listens wait in the queue; with a bad
  /// TUNES_LISTENBRAINZ_URL no submitter starts (listens are still counted and queued, and sent by a
  /// later run or `tunes lb flush`).
  public static func start(
    library: Library, account: Account = Account(), transport: any HTTPTransport = CurlTransport(),
    backoff: BackoffPolicy = BackoffPolicy(), log: @escaping @Sendable (String) -> Void = { _ in }
  ) async -> (scrobbler: Scrobbler, submitter: Submitter?) {
    do {
      _ = try APIRoot.fromEnvironment(account.environment)
    } catch {
      log("ListenBrainz disabled: \(error)")
      return (Scrobbler(library: library, account: .fixed(client: nil), submitter: nil, log: log), nil)
    }
    // Listens held for the end of their play by a player that is gone (this is the one player now):
    // sent with the time heard when they counted.
    if let released = try? ListenQueue(library: library).releasePlaying(), released > 0 {
      log("\(released) listen(s) of an earlier run sent without their final played time")
    }
    let live = LiveAccount(account: account, transport: transport, log: log)
    _ = live.login()  // read now, so a problem with the account is logged at start
    // The other targets as configured now (a target added later is used from the next start).
    let others = (try? account.otherTargets()) ?? []
    let companions = others.map { name in
      let target = LiveAccount(account: account.on(target: name), transport: transport, log: { log("\(name): \($0)") })
      return Submitter(
        queue: ListenQueue(library: library, target: name), client: nil, backoff: backoff, currentLogin: { target.login() },
        currentOff: { live.offReason() }, log: { log("\(name): \($0)") })
    }
    let submitter = Submitter(
      queue: ListenQueue(library: library), client: nil, backoff: backoff, currentLogin: { live.login() },
      currentOff: { live.offReason() }, companions: companions, writes: SocialQueue(library: library), log: log)
    await submitter.start()
    let scrobbler = Scrobbler(library: library, account: .live(live), submitter: submitter, otherTargets: others, log: log)
    return (scrobbler, submitter)
  }
}
