// How `tunes lb queue` and `tunes lb status` present the queue: text lines for people, JSON for scripts
// (in JSONText's one style, as every `--json`).
import Foundation
import TunesCore

public enum QueueListing {
  /// One line per listen: id, state, time, account ("-" when queued under none: the next login sends
  /// it), "artist – title", and the server's message for rejected ones.
  public static func lines(_ rows: [PendingListen]) -> [String] {
    rows.map { row in
      let when = DateText.iso(epoch: row.listenedAt)
      var line = "\(row.id.map(String.init) ?? "?")\t\(row.state.rawValue)\t\(when)\t\(row.account ?? "-")\t\(row.label)"
      if let rejection = row.rejection { line += "\t\(rejection)" }
      return line
    }
  }

  /// `[{"id", "state", "listenedAt" (ISO 8601), "account" (null: none), "attempts", "rejection"?, "listen": {…as sent…}}]`.
  public static func json(_ rows: [PendingListen]) -> Data {
    let objects: [[String: Any]] = rows.map { row in
      var object: [String: Any] = [
        "id": row.id ?? 0, "state": row.state.rawValue, "listenedAt": DateText.iso(epoch: row.listenedAt),
        "attempts": row.attempts, "account": row.account ?? NSNull(), "target": row.target,
      ]
      if let rejection = row.rejection { object["rejection"] = rejection }
      // Shown as the object it is (the one place a stored listen is read back as JSON: for people).
      object["listen"] = (try? JSONSerialization.jsonObject(with: row.body)) ?? row.payload
      return object
    }
    return JSONText.data(serializing: objects)
  }

  /// "3 listens wait for bob's login", several accounts joined by commas.
  public static func waiting(_ others: [AccountCount]) -> String {
    others.map { "\($0.pending) listen\($0.pending == 1 ? " waits" : "s wait") for \($0.account)'s login" }.joined(
      separator: ", ")
  }
}

extension SubmissionStatus {
  /// The lines `tunes lb status` prints.
  public var lines: [String] {
    var out: [String] = []
    out.append("user: \(user ?? "-")\(loggedIn ? "" : tokenProblem == nil ? " (not logged in: run `tunes lb login`)" : "")")
    if let tokenProblem { out.append("token: unusable: \(tokenProblem)") }
    out.append("pending: \(pending)")
    if !otherAccounts.isEmpty {
      out.append("other accounts: \(QueueListing.waiting(otherAccounts)) (sent only when logged in as that account)")
    }
    out.append("rejected: \(rejected)\(rejected > 0 ? " (see `tunes lb queue`)" : "")")
    if let at = lastSubmissionAt {
      out.append(
        "last submission: \(DateText.iso(epoch: at))\(lastSubmissionCount.map { " (\($0) listen\($0 == 1 ? "" : "s"))" } ?? "")")
    } else {
      out.append("last submission: never")
    }
    if let error = lastError {
      out.append("last error: \(error)\(lastErrorAt.map { " at \(DateText.iso(epoch: $0))" } ?? "")")
    } else {
      out.append("last error: none")
    }
    if let off { out.append("submitting: off (\(off)); plays are counted, no listen is queued or sent") }
    if tokenRejected { out.append("submitting: stopped, the token was refused; run `tunes lb login`") }
    out += targets.map { "target \($0.line)" }
    if !writes.isEmpty { out.append("writes waiting: \(writes.count)") }
    out += writes.map { "  \($0.line)" }
    let held = writes.filter { $0.account == nil }.count
    if held > 0 {
      out.append("  (held: queued before tunes kept their account; `tunes lb flush --claim-held` sends them as you)")
    }
    return out
  }

  public func json() -> Data {
    JSONText.data(encoding: self) ?? Data("{}".utf8)
  }
}
