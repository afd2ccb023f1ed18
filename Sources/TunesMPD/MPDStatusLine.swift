// `tunes_status`, a command of tunes' own (no MPD has it; the `tunes_` prefix keeps it clear of MPD's
// names): the one line `tunes status` prints, rendered by the player. The small `tunes` front program,
// which must not link the code that renders it, asks for this line and copies it to the terminal; the
// line comes from the same `status` and `currentsong` replies a client reads, turned into pairs by the
// client's own reading (MPDClient.pair), so both ways of asking print the same bytes.

/// A backend that renders `tunes status`'s line. Backends without it answer `tunes_status` as an unknown
/// command, as MPD itself does.
public protocol MPDStatusLine: MPDBackend {
  /// The line for these `status` and `currentsong` pairs (first value of each key), ready for a terminal.
  func statusLine(status: [String: String], currentSong: [String: String]) async throws -> String
}

extension MPDDispatcher {
  /// `tunes_status`: `line: TEXT`.
  static func tunesStatus(_ c: MPDCall, _ out: inout MPDReply) async throws {
    guard let backend = c.backend as? any MPDStatusLine else {
      throw MPDError(.unknown, "unknown command \"tunes_status\"")
    }
    // Fresh replies: every tag shown, as on a new connection, whatever this one's `tagtypes` hide.
    var status = MPDReply()
    try await Self.status(c, &status)
    var song = MPDReply()
    try await currentSong(c, &song)
    let line = try await backend.statusLine(status: pairs(status), currentSong: pairs(song))
    out += "line: \(MPDFormat.line(line))\n"
  }

  /// The reply's `key: value` lines as a client reads them (MPDClient.pair, MPDClient.dictionary).
  private static func pairs(_ reply: MPDReply) -> [String: String] {
    let lines = reply.bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    return MPDClient.dictionary(lines.compactMap { MPDClient.pair(String(decoding: $0, as: UTF8.self)) })
  }
}
