// What the social write commands (follow, unfollow, recommend, review, feed hide/unhide/delete/thank)
// share: the logged-in account they act as, and one way to send a write: stored in the database
// first, then every write queued for this account sent oldest first, so a write made offline is never
// lost and never overtaken by a later one. The write's own outcome is returned; refusals of earlier
// queued writes are reported as lines.
import Foundation
import TunesCore
import TunesLibrary
import TunesListenBrainz
import TunesTerminal

struct SocialActing {
  let access: ListenBrainzAccess
  let social: Social
  let dashboard: Dashboard
  let queue: SocialQueue
  let library: Library
  /// The account acted as: the token's owner as tunes knows it (not TUNES_LISTENBRAINZ_USER when a login is stored).
  let user: String
  /// Where the lines about earlier queued writes go when this write is refused: standard output for the
  /// commands; the full-screen UI, whose screen that is, keeps them for its message line.
  var noteSink: ([String]) -> Void = { notes in notes.forEach { print(TerminalText.safe($0)) } }

  init(global: GlobalOptions, what: String) throws {
    access = try ListenBrainzAccess(paths: global.paths)
    guard access.client.hasToken else { throw DashboardError.loginNeeded(what: what) }
    // The token's owner: the user stored with the token by `tunes lb login`; with a token from
    // TUNES_LISTENBRAINZ_TOKEN (owner unknown to tunes), TUNES_LISTENBRAINZ_USER names it.
    guard let user = try access.account.listenUser() ?? access.userName else { throw DashboardError.notLoggedIn(what: what) }
    self.user = user
    social = Social(wire: access.wire)
    dashboard = Dashboard(wire: access.wire)
    library = try global.openLibrary(.createIfMissing)
    queue = SocialQueue(library: library)
  }

  /// How one write went.
  struct Outcome {
    /// The server's answer; nil when the write stays queued.
    var answer: Data?
    /// Why it stays queued.
    var queuedBecause: SocialError?
    var waiting: Int
    /// Lines about earlier queued writes (sent or refused now).
    var notes: [String]

    var sent: Bool { answer != nil }
  }

  /// Queues `write`, sends the queue, and returns how `write` went; throws its refusal.
  func perform(_ write: SocialWrite) async throws -> Outcome {
    let row = try queue.enqueue(write, account: user)
    let report = try await queue.flush(using: social, account: user)
    var notes: [String] = []
    for (earlier, _) in report.sent where earlier.id != row.id { notes.append("sent the queued \(earlier.label)") }
    for (earlier, error) in report.dropped where earlier.id != row.id {
      notes.append("ListenBrainz refused the queued \(earlier.label): \(error.description)")
    }
    switch report.outcome(of: row.id) {
    case .success(let answer)?:
      return Outcome(answer: answer, queuedBecause: nil, waiting: report.remaining, notes: notes)
    case .failure(let error)?:
      noteSink(notes)
      throw error
    case nil:
      guard let stop = report.stoppedBy else {
        return Outcome(answer: nil, queuedBecause: nil, waiting: report.remaining, notes: notes)
      }
      if stop.isTokenRefusal {
        noteSink(notes)
        throw stop
      }
      return Outcome(answer: nil, queuedBecause: stop, waiting: report.remaining, notes: notes)
    }
  }

  /// Acts on the feed's event named `event` as the feed shows it ("pin/3"), with the write `make` gives for
  /// it and the account: what `tunes lb feed hide|unhide|delete|thank` and the full-screen UI's feed do.
  /// `noteSink` takes the lines about earlier queued writes when this one is refused (standard output if nil).
  static func actOnFeedEvent(
    _ event: String, global: GlobalOptions, noteSink: (([String]) -> Void)? = nil,
    make: (FeedEventReference, String) -> SocialWrite
  ) async throws -> (reference: FeedEventReference, write: SocialWrite, outcome: Outcome) {
    let reference = try FeedEventReference.parse(event)
    var acting = try SocialActing(global: global, what: "acting on the feed")
    if let noteSink { acting.noteSink = noteSink }
    let write = make(reference, acting.user)
    return (reference, write, try await acting.perform(write))
  }

  /// Sends what earlier commands queued (a read of the feed does this first); lines to show.
  func flushQueued() async throws -> [String] {
    guard !(try queue.pending(for: user).isEmpty) else { return [] }
    let report = try await queue.flush(using: social, account: user)
    var lines = report.sent.map { "sent the queued \($0.0.label)" }
    lines += report.dropped.map { "ListenBrainz refused the queued \($0.0.label): \($0.1.description)" }
    if let stop = report.stoppedBy, stop.isTokenRefusal { throw stop }
    return lines
  }

  /// What `lb flush` and `lb status` say about writes queued before tunes kept their account.
  static func heldLine(_ count: Int) -> String {
    "\(count) write\(count == 1 ? " is" : "s are") held: queued before tunes kept the account that made "
      + "\(count == 1 ? "it" : "them"); `tunes lb flush --claim-held` sends \(count == 1 ? "it" : "them") as you"
  }

  /// The text for a write that went out or was queued: `done` when sent, else the queued line.
  static func text(_ outcome: Outcome, done: String, label: String) -> [String] {
    var lines = outcome.notes
    if outcome.sent {
      lines.append(done)
    } else {
      let why = outcome.queuedBecause.map { " (\($0.description))" } ?? ""
      lines.append(
        "\(label): queued\(why); \(outcome.waiting) waiting, sent by the next social command (e.g. `tunes lb feed`)")
    }
    return lines
  }

  /// The --json of a write: what was done, whether it went out, and the event it made (its id).
  static func json(_ write: SocialWrite, _ outcome: Outcome, extra: [String: Any] = [:]) -> [String: Any] {
    var object: [String: Any] = [
      "action": write.action.rawValue, "label": write.label, "sent": outcome.sent, "queued": !outcome.sent,
      "waiting": outcome.waiting, "notes": outcome.notes,
    ]
    if let reason = outcome.queuedBecause { object["queuedBecause"] = reason.description }
    if let answer = outcome.answer, let created = (try? JSONSerialization.jsonObject(with: answer)) as? [String: Any],
      let id = created["id"] as? Int
    {
      object["eventId"] = id
    }
    for (key, value) in extra { object[key] = value }
    return object
  }

  static func printJSON(_ object: [String: Any]) { JSONOutput.write(JSONText.data(serializing: object)) }
}
