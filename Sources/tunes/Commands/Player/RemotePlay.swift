// `tunes play QUERY` while a player already runs: the songs are chosen here (same library, same query
// language) and sent to that player over its socket as absolute paths, instead of starting a second one.
import Foundation
import TunesControl
import TunesLibrary
import TunesMPD
import TunesPlayer

enum RemotePlay {
  /// A client on the running player's socket, or nil when none answers.
  static func connect(socketPath: String) -> MPDClient? {
    guard let client = try? MPDClient(socketPath: socketPath, timeoutSeconds: 5) else { return nil }
    return (try? client.run("ping")) != nil ? client : nil
  }

  /// Replaces the queue with `songs` and plays it (or appends them when `append`), in one command list
  /// so that no other client sees a half-built queue; `repeat` is set as `tunes repeat` does (MPD's repeat
  /// and single). Returns the line to print.
  static func send(_ songs: [Song], append: Bool, shuffle: Bool, repeat mode: RepeatMode? = nil, to client: MPDClient)
    throws(ControlError) -> String
  {
    let indexed = songs.filter { $0.id != nil }
    var lines = ["command_list_begin"]
    if !append { lines.append("clear") }
    if shuffle { lines.append("random 1") }
    if let mode { lines += ["repeat \(mode == .off ? 0 : 1)", "single \(mode == .one ? 1 : 0)"] }
    lines += indexed.map { "add " + MPDRequestParser.quote($0.path) }
    if !append { lines.append("play") }
    lines.append("command_list_end")
    try client.sendLine(lines.joined(separator: "\n"))
    _ = try client.readReply(command: append ? "add" : "play")
    let count = "\(indexed.count) song\(indexed.count == 1 ? "" : "s")"
    return append ? "added \(count) to the running player's queue" : "the running player now plays \(count)"
  }
}
