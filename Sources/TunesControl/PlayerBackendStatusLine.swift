// The player's answer to `tunes_status`: `tunes status`'s line, rendered by PlayerReport and made safe
// for a terminal exactly as the `status` command does it, so the front program that prints this line
// and the full program that renders it themselves print the same bytes.
import TunesMPD
import TunesTerminal

extension PlayerBackend: MPDStatusLine {
  /// Nonisolated: it reads nothing of the backend's state, so the request does not wait for the actor.
  nonisolated public func statusLine(status: [String: String], currentSong: [String: String]) -> String {
    TerminalText.safe(PlayerReport(status: status, currentSong: currentSong).line)
  }
}
