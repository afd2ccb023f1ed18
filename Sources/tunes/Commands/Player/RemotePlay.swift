// `tunes play QUERY` while a player already runs: the songs are chosen here (same library, same query
// language) and sent to that player over its socket as absolute paths, instead of starting a second one.
// `tunes play` with no query starts (or resumes) that player's own queue, as `mpc play` does.
import Foundation
import TunesControl
import TunesLibrary
import TunesMPD
import TunesPlayer
import TunesTerminal

enum RemotePlay {
  /// A client on the running player's socket, or nil when none answers within the wait
  /// (`TUNES_PLAYER_TIMEOUT`, whose bad value is an error). The same client sends the songs.
  static func connect(socketPath: String) throws(ControlError) -> MPDClient? {
    let wait = try PlayerReplyWait.seconds(environment: ProcessInfo.processInfo.environment)
    guard let client = try? MPDClient(socketPath: socketPath, timeoutSeconds: wait) else { return nil }
    return (try? client.run("ping")) != nil ? client : nil
  }

  /// Starts or resumes the running player's queue, with `random 1` and the repeat mode first when given;
  /// returns the line to print, or nil (nothing sent) when its queue is empty.
  static func playQueue(shuffle: Bool, repeat mode: RepeatMode?, to client: MPDClient) throws(ControlError) -> String? {
    let length = Int(MPDClient.dictionary(try client.run("status"))["playlistlength"] ?? "") ?? 0
    guard length > 0 else { return nil }
    var lines = ["command_list_begin"]
    if shuffle { lines.append("random 1") }
    if let mode { lines += repeatLines(mode) }
    lines += ["play", "command_list_end"]
    try client.sendLine(lines.joined(separator: "\n"))
    _ = try client.readReply(command: "play")
    return "the running player plays its queue (\(length) song\(length == 1 ? "" : "s"))"
  }

  /// What `tunes play` says after handing songs to the running player. In a terminal, where one might
  /// expect this command to open the full-screen UI as it does with no player running, the line also
  /// says where to watch; a script reading the output gets the line alone.
  static func told(_ line: String, terminal: Bool = TerminalInfo.isTerminal(STDOUT_FILENO)) -> String {
    terminal ? line + "; `tunes ui` to watch it" : line
  }

  /// Whether the player refused an `add` because its queue is full.
  private static func isQueueFull(_ error: ControlError) -> Bool {
    if case .refused(_, let message) = error { return message == MPDError.queueFull.message }
    return false
  }

  /// The running player's queue length (0 when it does not say).
  private static func queueLength(_ client: MPDClient) -> Int {
    Int(MPDClient.dictionary((try? client.run("status")) ?? [])["playlistlength"] ?? "") ?? 0
  }

  /// `tunes repeat`'s mode as MPD's repeat and single.
  private static func repeatLines(_ mode: RepeatMode) -> [String] {
    ["repeat \(mode == .off ? 0 : 1)", "single \(mode == .one ? 1 : 0)"]
  }

  /// The most bytes one command list carries: half the 2 MiB an MPD server takes by default
  /// (`max_command_list_size`), so a list is never the one a server closes the connection over.
  static let listBytes = 1 << 20

  /// Replaces the queue with `songs` and plays it (or appends them when `append`), in one command list
  /// so that no other client sees a half-built queue; `repeat` is set as `tunes repeat` does (MPD's repeat
  /// and single). A queue too large for one list (tens of thousands of songs) goes in several, the
  /// clearing in the first and `play` in the last: other clients may then see it grow. Returns the line
  /// to print.
  /// A queue that fills up (the player's `max_playlist_length`) stops the sending with
  /// `PlayCLIError.queueFull`, saying how many songs went in; when replacing, what went in plays.
  static func send(_ songs: [Song], append: Bool, shuffle: Bool, repeat mode: RepeatMode? = nil, to client: MPDClient)
    throws -> String
  {
    let indexed = songs.filter { $0.id != nil }
    var first: [String] = []
    if !append { first.append("clear") }
    if shuffle { first.append("random 1") }
    if let mode { first += repeatLines(mode) }
    let adds = indexed.map { "add " + MPDRequestParser.quote($0.path) }
    let lengthBefore = append ? queueLength(client) : 0
    for (index, list) in lists(first: first, adds: adds, last: append ? [] : ["play"]).enumerated() {
      try client.sendLine((["command_list_begin"] + list + ["command_list_end"]).joined(separator: "\n"))
      do {
        _ = try client.readReply(command: index == 0 && !append ? "clear" : "add")
      } catch {
        guard Self.isQueueFull(error) else { throw error }
        let length = queueLength(client)
        if !append { _ = try? client.run("play") }
        throw PlayCLIError.queueFull(added: length - lengthBefore, chosen: indexed.count, length: length)
      }
    }
    let count = "\(indexed.count) song\(indexed.count == 1 ? "" : "s")"
    return append ? "added \(count) to the running player's queue" : "the running player now plays \(count)"
  }

  /// `first`, the `adds` and `last` cut into lists of at most `bytes` each (a line counts its length and
  /// its newline, as MPD counts them), in order; always at least one list.
  static func lists(first: [String], adds: [String], last: [String], bytes: Int = listBytes) -> [[String]] {
    var lists: [[String]] = [first]
    var size = first.reduce(0) { $0 + $1.utf8.count + 1 }
    for line in adds + last {
      let lineSize = line.utf8.count + 1
      if size + lineSize > bytes, !lists[lists.count - 1].isEmpty {
        lists.append([])
        size = 0
      }
      lists[lists.count - 1].append(line)
      size += lineSize
    }
    return lists
  }
}
