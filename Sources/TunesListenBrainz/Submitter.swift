// The submitter actor: the one drainer of the outbox (Outbox) for its target. It sends the listens
// (one as `single`, a backlog as `import` batches within the server's count and byte limits), each
// batch marked as being sent before its request so no other process sends it too, deletes rows only
// after a 200 with ListenBrainz's `{"status": "ok"}`, parks 400s, waits out 429s, backs off on 5xx and network failures, and stops on 401
// for a refused token. A 401 for a token validate-token still accepts (a paused account, no e-mail
// address) is the account's state, not the token's: the listens stay queued and are retried later.
// It runs on its own task: callers only `wake()` it and are never blocked by the network. Given the
// outbox of writes (`writes`), it sends the logged-in account's queued love/hate, pins, follows,
// recommendations and reviews after the listens, so what a command queued offline goes out without
// another command.
import Foundation

public actor Submitter {
  public enum PassResult: Sendable, Equatable {
    /// The queue is empty (or holds only rejected listens).
    case done
    case rateLimited(resetIn: Int)
    case transient(ListenBrainzError)
    case unauthorized
    /// A 401 for a valid token: the account may not submit now (the server's message). Retried later.
    case accountRefused(String)
    /// No usable token now (`tunes lb logout`, or never logged in): the listens wait for a login.
    case loggedOut
    /// Submission is turned off (the reason): nothing is sent, the listens stay queued.
    case off(String)
    /// Another pass is already running.
    case busy
  }

  public let queue: ListenQueue
  /// The outbox of writes drained after each pass that sent every listen (nil: listens only).
  private let writes: SocialQueue?
  /// The submitters of the other targets (each its own queue, account, back-off): started, stopped and
  /// woken with this one, so a player handles one submitter, and an outage of one target holds up no other.
  public nonisolated let companions: [Submitter]
  /// The one source of the account: the token and its user as they are now (nil: logged out), asked
  /// before every request, so a logout or a login by another command reaches a running submitter (see
  /// `LiveAccount`); a fixed client and user are a source that always answers the same. Only listens
  /// queued under that user or under none are sent.
  private let currentLogin: @Sendable () -> Login?
  /// Why submission is off now (nil: on), asked before every request (see `LiveAccount.offReason`).
  private let currentOff: (@Sendable () -> String?)?
  /// The log said "off" since submission was last on.
  private var announcedOff = false
  /// The log said "not logged in" since the last request (said once, not at every wake).
  private var announcedLogout = false
  /// The server's message of a 401 the loop has not logged yet (a flush reports it as its error instead).
  private var refusal: String?
  private let backoff: BackoffPolicy
  private let pollInterval: Double
  private let log: @Sendable (String) -> Void
  private let wakeStream: AsyncStream<Void>
  private let wakeContinuation: AsyncStream<Void>.Continuation
  private var loop: Task<Void, Never>?
  private var draining = false
  /// Listens to send one per request, after a 400 that did not say which listen it was about.
  private var oneByOne = 0
  public private(set) var requestsMade = 0
  public private(set) var consecutiveFailures = 0

  /// `client` and `user`: a fixed account (tests, `tunes lb flush`); `currentLogin`, when given, is the
  /// live one and is asked instead.
  public init(
    queue: ListenQueue, client: ListenBrainzClient?, user: String? = nil, backoff: BackoffPolicy = BackoffPolicy(),
    pollInterval: Double = 60,
    currentLogin: (@Sendable () -> Login?)? = nil, currentOff: (@Sendable () -> String?)? = nil,
    companions: [Submitter] = [], writes: SocialQueue? = nil, log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.queue = queue
    self.writes = writes
    self.companions = companions
    self.currentOff = currentOff
    self.currentLogin = currentLogin ?? { client.map { Login(client: $0, user: user) } }
    self.backoff = backoff
    self.pollInterval = pollInterval
    self.log = log
    (wakeStream, wakeContinuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
  }

  /// Asks for a pass soon. Never waits.
  public nonisolated func wake() {
    wakeContinuation.yield()
    for companion in companions { companion.wake() }
  }

  /// The token to send with and whose it is, as they are now; nil when logged out.
  public func login() -> Login? { currentLogin() }

  /// Starts the background loop (idempotent).
  public func start() async {
    for companion in companions { await companion.start() }
    guard loop == nil else { return }
    loop = Task { await self.runLoop() }
    wakeContinuation.yield()
  }

  /// Stops the loop and returns once it has ended: a request already on its way is answered and its
  /// listens marked sent first (at most the request timeout), so a listen the server took is not left
  /// pending, to be sent a second time by the next run.
  public func stop() async {
    for companion in companions { await companion.stop() }
    guard let running = loop else { return }
    loop = nil
    running.cancel()
    wakeContinuation.yield()
    await running.value
  }

  private func runLoop() async {
    var wakes = wakeStream.makeAsyncIterator()
    while !Task.isCancelled {
      // Wait for a wake or the poll timer.
      let timer = Task { [wakeContinuation, pollInterval] in
        // A cancelled timer must not wake the loop, or the loop wakes itself forever (a busy spin).
        guard (try? await Task.sleep(for: .seconds(pollInterval))) != nil else { return }
        wakeContinuation.yield()
      }
      _ = await wakes.next(isolation: self)
      timer.cancel()
      // Drain, backing off between failed passes; wakes during a back-off are kept for later.
      while !Task.isCancelled {
        let result = await pass()
        if result == .loggedOut && !announcedLogout {
          // Once per database, not at every play or every run of the player: someone who never logs
          // in has heard it (and how to turn submission off).
          if (try? queue.fact(.loginHintGiven)) == nil {
            log(
              "not logged in to ListenBrainz: listens stay queued until `tunes lb login` "
                + "(said once; TUNES_LISTENBRAINZ=off or `enabled = false` under [listenbrainz] turns submission off)")
            try? queue.setFact(.loginHintGiven, "1")
          }
          announcedLogout = true
        }
        if case .off(let reason) = result, !announcedOff {
          log("ListenBrainz submission is off (\(reason))")
          announcedOff = true
        }
        if case .off = result {} else { announcedOff = false }
        switch result {
        case .unauthorized:
          consecutiveFailures = 0
          if refusal != nil { log("ListenBrainz refused the token; submitting stopped until `tunes lb login`") }
          refusal = nil
        case .done:
          consecutiveFailures = 0
          await drainWrites()
        case .busy, .loggedOut, .off:
          consecutiveFailures = 0
        case .accountRefused(let message):
          consecutiveFailures += 1
          let delay = backoff.delay(afterFailures: consecutiveFailures)
          log("\(ListenBrainzError.accountRefused(message: message).description); retrying in \(Int(delay.rounded())) s")
          try? await Task.sleep(for: .seconds(delay))
          continue
        case .rateLimited(let resetIn):
          log("ListenBrainz rate limit: waiting \(resetIn) s")
          try? await Task.sleep(for: .seconds(Double(resetIn)))
          continue
        case .transient(let error):
          consecutiveFailures += 1
          let delay = backoff.delay(afterFailures: consecutiveFailures)
          log("\(error.description); retrying in \(String(format: "%.1f", delay)) s")
          try? await Task.sleep(for: .seconds(delay))
          continue
        }
        break
      }
    }
  }

  /// Sends the logged-in account's queued writes; a failure leaves them for the next pass (the outbox
  /// keeps why), a refusal is logged.
  private func drainWrites() async {
    guard let writes, currentOff?() == nil, let now = login(), let user = now.user,
      let waiting = try? writes.pending(for: user), !waiting.isEmpty
    else { return }
    guard let report = try? await writes.flush(using: Social(wire: ClientWire(client: now.client)), account: user) else { return }
    for (row, _) in report.sent { log("sent the queued \(row.label)") }
    for (row, error) in report.dropped { log("ListenBrainz refused the queued \(row.label): \(error.description)") }
  }

  /// How long a flush waits out rate limits before it gives up (the listens stay queued).
  public struct RateLimitPatience: Sendable {
    /// Seconds of waiting in all; a 429 asking for more than is left ends the flush at once.
    public var totalWait: Double
    /// 429s in a row (without an accepted batch between them).
    public var inARow: Int
    public init(totalWait: Double = 60, inARow: Int = 5) {
      self.totalWait = totalWait
      self.inARow = inARow
    }
  }

  /// Sends everything now, waiting out short rate limits (within `patience`, else it throws
  /// `.rateLimited` with the server's wait) and retrying transient failures up to `transientRetries`
  /// times. `progress(sent, total)` is called after each accepted request.
  @discardableResult
  public func flush(
    transientRetries: Int = 3, patience: RateLimitPatience = RateLimitPatience(), progress: (@Sendable (Int, Int) -> Void)? = nil
  ) async throws(ListenBrainzError) -> Int {
    let total = try queue.countSendable(as: login()?.user)
    var sent = 0
    var failures = 0
    var waited = 0.0
    var limitedInARow = 0
    while true {
      let before = sent
      let result = await pass { accepted in
        sent += accepted
        progress?(sent, total)
      }
      if sent > before { limitedInARow = 0 }
      switch result {
      case .done: return sent
      case .busy: try? await Task.sleep(for: .milliseconds(100))
      case .unauthorized:
        // One line: the error says it all (the loop's log line is not written for a flush).
        defer { refusal = nil }
        throw .unauthorized(message: refusal ?? "Invalid authorization token.")
      case .loggedOut: throw .notLoggedIn
      case .off(let reason): throw .submissionOff(reason: reason)
      case .accountRefused(let message): throw .accountRefused(message: message)
      case .rateLimited(let resetIn):
        limitedInARow += 1
        if limitedInARow >= patience.inARow || waited + Double(resetIn) > patience.totalWait {
          throw .rateLimited(resetIn: resetIn)
        }
        waited += Double(resetIn)
        try? await Task.sleep(for: .seconds(Double(resetIn)))
      case .transient(let error):
        failures += 1
        if failures > transientRetries { throw error }
        try? await Task.sleep(for: .seconds(backoff.delay(afterFailures: failures)))
      }
    }
  }

  /// One pass: sends batches until the queue is empty or a request fails.
  public func pass(accepted: ((Int) -> Void)? = nil) async -> PassResult {
    guard !draining else { return .busy }
    draining = true
    defer { draining = false }
    do throws(ListenBrainzError) {
      while true {
        // A stopped loop ends its pass between requests, never within one (`stop` waits for it).
        if Task.isCancelled { return .done }
        if let reason = currentOff?() { return .off(reason) }
        if try queue.fact(.tokenRejected) != nil { return .unauthorized }
        // The token as stored now: a logout stops here, a new login is used from this request on, and
        // only the listens of its user (and those of no user) are sent: another account's wait for it.
        guard let now = login() else { return try queue.count(.pending) > 0 ? .loggedOut : .done }
        announcedLogout = false
        let client = now.client
        let candidates = try queue.nextPending(
          limit: oneByOne > 0 ? 2 : ListenBrainzLimits.maxListensPerRequest + 1, sendableAs: now.user)
        if candidates.isEmpty { return .done }
        // Timestamps the server is sure to refuse are parked here with its message: the server names
        // only the first bad listen per request, so a backlog of them would cost one request each.
        // So are listens over the size limit, which the server refuses alone but not always in a batch.
        let invalid = candidates.compactMap { listen in
          (Self.timestampProblem(listen.listenedAt, now: Date()) ?? ListenSize.problem(listen.body)).map { (listen, $0) }
        }
        if !invalid.isEmpty {
          for (listen, message) in invalid {
            guard let id = listen.id else { continue }
            log("listen \(id) not sent: \(message)")
            try queue.reject(id: id, message: message)
          }
          continue
        }
        let type: ListenType = candidates.count == 1 ? .single : .import
        let batch = Self.fit(candidates, type: type, oneByOne: oneByOne > 0)
        let body = SubmissionBody.make(type: type, listens: batch.map(\.body))
        let ids = batch.compactMap(\.id)
        // Marked before it is sent: another process draining the outbox (`tunes lb flush` beside a
        // player) leaves it alone, so no listen goes out twice.
        guard try queue.claim(ids: ids) else { return .busy }
        requestsMade += 1
        let reply = await client.submitListens(body: body)
        if case .ok(let answer) = reply.outcome, SubmissionBody.isConfirmation(answer) {
        } else {
          try queue.release(ids: ids)
        }
        switch reply.outcome {
        case .ok(let answer) where !SubmissionBody.isConfirmation(answer):
          // A 200 that is not ListenBrainz's {"status": "ok"} stored nothing we know of: keep the rows.
          let error = ListenBrainzError.unconfirmed(host: client.root.host, answer: SubmissionBody.excerpt(answer))
          try queue.countAttempt(ids: ids)
          try queue.recordError(error.description, at: Date())
          return .transient(error)
        case .ok:
          try queue.accepted(ids: ids, at: Date())
          if oneByOne > 0 { oneByOne -= 1 }
          accepted?(ids.count)
          // Spent the window: wait for the next one rather than collect a 429 (a long wait is left to
          // the 429, whose handling knows whether to wait: the player does, a flush may give up).
          if let limit = reply.rateLimit, limit.remaining == 0, let resetIn = limit.resetIn, resetIn > 0,
            Double(resetIn) <= Self.longestQuietWait
          {
            try? await Task.sleep(for: .seconds(Double(resetIn)))
          }
        case .badRequest(let message, let echoed):
          if let offender = Self.offender(in: batch, echoed: echoed) ?? (batch.count == 1 ? batch[0] : nil), let id = offender.id
          {
            log("ListenBrainz rejected listen \(id): \(message)")
            try queue.reject(id: id, message: message)
            if oneByOne > 0 { oneByOne -= 1 }
          } else {
            // The server did not name a listen: send this batch one by one to find it.
            oneByOne = batch.count
          }
        case .unauthorized(let message):
          if await Self.tokenAccepted(by: client) {
            let error = ListenBrainzError.accountRefused(message: message)
            try queue.countAttempt(ids: ids)
            try queue.recordError(error.description, at: Date())
            return .accountRefused(message)
          }
          try queue.setFact(.tokenRejected, "1")
          try queue.recordError("token refused (\(message)); run `tunes lb login`", at: Date())
          refusal = message
          return .unauthorized
        case .rateLimited(let resetIn):
          try queue.recordError(ListenBrainzError.rateLimited(resetIn: resetIn).description, at: Date())
          return .rateLimited(resetIn: resetIn)
        default:
          let error = reply.outcome.error ?? .unexpectedStatus(status: 204, message: "no content")
          try queue.countAttempt(ids: ids)
          try queue.recordError(error.description, at: Date())
          return .transient(error)
        }
      }
    } catch {
      return .transient(error)
    }
  }

  /// Whether a 401 was about the account rather than the token: validate-token still accepts the
  /// token (the server refuses listens of a paused account, or one without an e-mail address, with a
  /// 401 too). A check that cannot be made (network) counts as accepted: retrying later is safe,
  /// stopping for a token that may be fine is not.
  static func tokenAccepted(by client: ListenBrainzClient) async -> Bool {
    do {
      return try await client.validateToken().valid
    } catch {
      switch error {
      case .network, .server, .rateLimited: return true
      default: return false
      }
    }
  }

  /// The longest wait taken after a 200 that spent the rate-limit window.
  static let longestQuietWait = 30.0

  /// The server's message for a `listened_at` it refuses (listenbrainz-server `validate_listen`), or nil.
  static func timestampProblem(_ listenedAt: Int, now: Date) -> String? {
    if listenedAt >= Int(now.timeIntervalSince1970) + ListenBrainzLimits.allowedSkew {
      return "Value for key listened_at is too high."
    }
    if listenedAt < ListenBrainzLimits.minimumListenedAt {
      return
        "Value for key listened_at is too low. listened_at timestamp should be greater than 1033410600 (2002-10-01 00:00:00 UTC)."
    }
    return nil
  }

  /// The longest prefix within the count limit and the byte limits (whole body ≤ count × 10240 and
  /// ≤ 10 240 000). Listens too big on their own are parked before this (ListenSize); one that reached
  /// it anyway still goes alone, so the server's 400 parks it.
  static func fit(_ candidates: [PendingListen], type: ListenType, oneByOne: Bool) -> [PendingListen] {
    let limit = oneByOne ? 1 : min(ListenBrainzLimits.maxListensPerRequest, candidates.count)
    var size = SubmissionBody.overhead(type: type)
    var batch: [PendingListen] = []
    for listen in candidates.prefix(limit) {
      let added = size + listen.body.count + (batch.isEmpty ? 0 : 1)
      let count = batch.count + 1
      if !batch.isEmpty && (added > count * ListenBrainzLimits.maxListenSize || added > ListenBrainzLimits.maxPayloadSize) {
        break
      }
      batch.append(listen)
      size = added
    }
    return batch
  }

  /// The batch entry the server's 400 body is about: same `listened_at` and names, preferring an
  /// entry whose whole track_metadata matches.
  static func offender(in batch: [PendingListen], echoed: Data?) -> PendingListen? {
    guard let echoed, let object = (try? JSONSerialization.jsonObject(with: echoed)) as? [String: Any] else { return nil }
    let listenedAt = (object["listened_at"] as? NSNumber)?.intValue
    let metadata = object["track_metadata"] as? [String: Any]
    func names(_ m: [String: Any]?) -> (String?, String?) {
      ((m?["track_name"] as? String).map(ListenPayload.clean), (m?["artist_name"] as? String).map(ListenPayload.clean))
    }
    let wanted = names(metadata)
    var byNames: PendingListen? = nil
    for listen in batch {
      guard let mine = (try? JSONSerialization.jsonObject(with: listen.body)) as? [String: Any] else { continue }
      guard (mine["listened_at"] as? NSNumber)?.intValue == listenedAt else { continue }
      let myMetadata = mine["track_metadata"] as? [String: Any]
      if let metadata, let myMetadata, NSDictionary(dictionary: metadata).isEqual(to: myMetadata) { return listen }
      if byNames == nil && names(myMetadata) == wanted { byNames = listen }
    }
    return byNames
  }
}
