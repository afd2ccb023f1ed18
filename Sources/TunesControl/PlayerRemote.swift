// Connecting tunes' own commands to the running player: the client on its socket, and the requests
// that take more than one MPD command (quit, play and add by query, signed seek and volume arguments).
import Foundation
import TunesMPD

/// Connecting tunes' own commands to the running player.
public enum PlayerRemote {
  /// Opens a client on the player's socket, or throws `ControlError.noPlayer`.
  public static func connect(socketPath: String) throws(ControlError) -> MPDClient {
    try MPDClient(socketPath: socketPath)
  }

  /// Sends `kill`. The player may close the connection before its OK arrives; that is success too.
  public static func quit(_ client: MPDClient) throws(ControlError) {
    do {
      try client.run("kill")
    } catch .protocolViolation {
      return
    }
  }

  /// Whether a player answers on the socket (what `tunes play` checks before starting a second one).
  public static func isRunning(socketPath: String) -> Bool {
    (try? MPDClient(socketPath: socketPath, timeoutSeconds: 2)) != nil
  }

  /// `tunes play QUERY` while a player runs: replaces its queue with the matching songs and plays the
  /// first (or, with `append`, adds them and leaves playback alone). Nothing matching changes nothing.
  /// Returns the number of songs queued.
  public static func play(query words: [String], append: Bool, client: MPDClient) throws(ControlError) -> Int {
    let filter = anyWordFilter(words)
    // `count` compares exactly (find semantics); `search` folds case and matches substrings.
    let count = try client.run("search", filter).filter { $0.key == "file" }.count
    guard count > 0 else { throw .nothingMatched(words.joined(separator: " ")) }
    var lines = ["command_list_begin"]
    if !append { lines.append("clear") }
    lines.append((["searchadd"] + filter.map(MPDRequestParser.quote)).joined(separator: " "))
    if !append { lines.append("play 0") }
    lines.append("command_list_end")
    // One list, so other clients never see the queue cleared but not yet refilled.
    try client.sendLine(lines.joined(separator: "\n"))
    _ = try client.readReply(command: "searchadd")
    return count
  }

  static func anyWordFilter(_ words: [String]) -> [String] {
    var filter: [String] = []
    for word in words.flatMap({ $0.split(separator: " ") }) { filter += ["any", String(word)] }
    return filter
  }

  /// Appends every song matching all the words (each in any tag or the file name) and returns how many
  /// were added; none is `ControlError.nothingMatched`.
  public static func add(query words: [String], client: MPDClient) throws(ControlError) -> Int {
    let before = Int(MPDClient.dictionary(try client.run("status"))["playlistlength"] ?? "") ?? 0
    try client.run("searchadd", anyWordFilter(words))
    let after = Int(MPDClient.dictionary(try client.run("status"))["playlistlength"] ?? "") ?? 0
    guard after > before else { throw .nothingMatched(words.joined(separator: " ")) }
    return after - before
  }

  /// Parses `[+|-]N` for seek and volume: the sign makes it relative.
  public static func signedArgument(_ text: String) -> (relative: Bool, value: Double)? {
    guard let value = Double(text), value.isFinite else { return nil }
    return (text.hasPrefix("+") || text.hasPrefix("-"), value)
  }
}
