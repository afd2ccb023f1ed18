// `tunes lb flush`: sends every pending listen now (with a progress bar on a terminal), without playing,
// then the writes (love/hate, pins, follows, recommendations, reviews, feed actions) queued while
// offline for the logged-in account. `--claim-held` first gives the writes queued before tunes kept
// their account to the logged-in one.
import ArgumentParser
import Foundation
import TunesCore
import TunesListenBrainz
import TunesTerminal

extension ListenBrainz {
  struct Flush: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "flush", abstract: "Send all pending listens to ListenBrainz now.")

    @OptionGroup var global: GlobalOptions

    @Flag(
      name: .long,
      help: "Send the held writes (queued before tunes kept their account) as the logged-in user: say so only if they are yours.")
    var claimHeld = false

    func run() async throws {
      try await reportingErrors {
        let account = Account(paths: global.paths)
        if let reason = try account.offReason() { throw ListenBrainzError.submissionOff(reason: reason) }
        let others = try account.otherTargets()
        guard !others.isEmpty else { return try await flush(account) }
        // Several targets: each is flushed whatever happened to the others; each failure is one line,
        // and the first one's exit status is the command's.
        var failed: ExitStatus?
        for target in [Account.defaultTarget] + others {
          do {
            try await flush(account.on(target: target))
          } catch let error as TunesError {
            StandardError.print("tunes: \(target): \(error.description)")
            failed = failed ?? error.exitStatus
          }
        }
        if let failed { throw ExitCode(failed.rawValue) }
      }
    }

    private func flush(_ account: Account) async throws {
      let client = try account.client()
      guard client.hasToken else { throw ListenBrainzError.notLoggedIn }
      let queue = ListenQueue(library: try global.openLibrary(.mustExist), target: account.target)
      let named = account.isDefaultTarget ? "" : "\(account.target): "
      // An explicit flush tries the token again (it may come from TUNES_LISTENBRAINZ_TOKEN now); a
      // new 401 sets the stop again.
      try queue.setFact(.tokenRejected, nil)
      // Only this account's listens and those queued under no account; with a token from the
      // environment (user unknown), only the latter.
      let user = try account.listenUser()
      let others = try queue.waitingForOtherAccounts(than: user)
      let submitter = Submitter(queue: queue, client: client, user: user, log: { line in StandardError.print("tunes: \(line)") })
      let showProgress = TerminalInfo.isTerminal(STDERR_FILENO)
      var progress: (@Sendable (Int, Int) -> Void)? = nil
      if showProgress {
        progress = { @Sendable sent, total in ListenBrainzTerminal.progress(sent: sent, total: total) }
      }
      let pending = try queue.countSendable(as: user)
      if pending == 0 && !others.isEmpty {
        print("Nothing to send for \(user ?? "this token (its user is not known)"); \(QueueListing.waiting(others)).")
        if account.isDefaultTarget { try await flushSocial() }
        return
      }
      if showProgress && pending > 0 { ListenBrainzTerminal.progress(sent: 0, total: pending) }
      let sent: Int
      do {
        // The progress bar's line is ended either way: an error's one line then starts on its own.
        defer { if showProgress && pending > 0 { StandardError.print("") } }
        sent = try await submitter.flush(progress: progress)
      }
      let requests = await submitter.requestsMade
      let rejected = try queue.count(.rejected)
      print("\(named)Sent \(sent) listen\(sent == 1 ? "" : "s") in \(requests) request\(requests == 1 ? "" : "s").")
      if rejected > 0 {
        print(
          "\(rejected) rejected listen\(rejected == 1 ? " waits" : "s wait") in `tunes lb queue` (`tunes lb retry ID` after a fix)."
        )
      }
      if !others.isEmpty { print("\(QueueListing.waiting(others)).") }
      if account.isDefaultTarget { try await flushSocial() }
    }

    /// The writes queued while offline go out with the listens. A token whose user tunes does not know
    /// has no writes of its own: nothing to send then.
    private func flushSocial() async throws {
      let acting: SocialActing
      do { acting = try SocialActing(global: global, what: "tunes lb flush") } catch DashboardError.notLoggedIn {
        return
      }
      if claimHeld {
        let claimed = try acting.queue.claimHeld(for: acting.user)
        print("\(claimed) held write\(claimed == 1 ? "" : "s") given to \(acting.user).")
      }
      for line in try await acting.flushQueued() { print(line) }
      let held = try acting.queue.held().count
      if held > 0 { print(SocialActing.heldLine(held)) }
    }
  }
}
