// What `tunes status`, `current` and `queue` print: the running player's state read over the MPD
// protocol, as one line for people or JSON (stable keys) for scripts.
import Foundation
import TunesMPD

public struct PlayerReport: Sendable, Equatable {
  public struct Song: Sendable, Equatable, Codable {
    public var file: String
    public var title: String?
    public var artist: String?
    public var album: String?
    public var durationMs: Int?
    public var position: Int?
    public var id: Int?

    init(_ fields: [String: String]) {
      file = fields["file"] ?? ""
      title = fields["Title"]
      artist = fields["Artist"]
      album = fields["Album"]
      if let precise = fields["duration"].flatMap(Double.init) {
        durationMs = Int((precise * 1000).rounded())
      } else if let whole = fields["Time"].flatMap(Int.init) {
        durationMs = whole * 1000
      } else {
        durationMs = nil
      }
      position = fields["Pos"].flatMap(Int.init)
      id = fields["Id"].flatMap(Int.init)
    }

    /// "Artist – Title", falling back to the file name.
    public var label: String {
      switch (artist, title) {
      case (let artist?, let title?): return "\(artist) – \(title)"
      case (nil, let title?): return title
      default: return (file as NSString).lastPathComponent
      }
    }
  }

  /// play, pause or stop.
  public var state: String
  public var song: Song?
  public var elapsedMs: Int?
  public var durationMs: Int?
  /// Zero-based queue position of the current song.
  public var position: Int?
  public var queueLength: Int
  public var shuffle: Bool
  /// off, all or one (one = MPD's repeat + single).
  public var repeatMode: String
  /// MPD's single (on or oneshot): with repeat off, play the current song and stop.
  public var single: Bool
  /// MPD's consume: a played song leaves the queue.
  public var consume: Bool
  public var volume: Int?

  /// Builds the report from the replies to `status` and `currentsong`.
  public init(status: [String: String], currentSong: [String: String]) {
    state = status["state"] ?? "stop"
    song = currentSong["file"] == nil ? nil : Song(currentSong)
    elapsedMs = status["elapsed"].flatMap(Double.init).map { Int(($0 * 1000).rounded()) }
    durationMs = status["duration"].flatMap(Double.init).map { Int(($0 * 1000).rounded()) } ?? song?.durationMs
    position = status["song"].flatMap(Int.init)
    queueLength = status["playlistlength"].flatMap(Int.init) ?? 0
    shuffle = status["random"] == "1"
    let repeatOn = status["repeat"] == "1"
    single = status["single"].map { $0 != "0" } ?? false
    consume = status["consume"].map { $0 != "0" } ?? false
    repeatMode = repeatOn ? (single ? "one" : "all") : "off"
    volume = status["volume"].flatMap(Int.init)
  }

  static func clock(_ ms: Int) -> String {
    let seconds = ms / 1000
    let s = seconds % 60
    return "\(seconds / 60):\(s < 10 ? "0" : "")\(s)"
  }

  /// `▶ Artist – Title  1:23/4:56  #3/12  shuffle on  repeat all  volume 80%`, with `single on` (repeat off:
  /// with repeat on it is `repeat one`) and `consume on` when they are.
  public var line: String {
    let symbol = state == "play" ? "▶" : state == "pause" ? "⏸" : "■"
    var parts: [String] = []
    if let song {
      var head = "\(symbol) \(song.label)"
      if let elapsedMs { head += "  \(Self.clock(elapsedMs))" + (durationMs.map { "/" + Self.clock($0) } ?? "") }
      parts.append(head)
    } else {
      parts.append("\(symbol) stopped, nothing selected")
    }
    parts.append(position.map { "#\($0 + 1)/\(queueLength)" } ?? "queue \(queueLength)")
    parts.append("shuffle \(shuffle ? "on" : "off")")
    parts.append("repeat \(repeatMode)")
    if single && repeatMode == "off" { parts.append("single on") }
    if consume { parts.append("consume on") }
    if let volume { parts.append("volume \(volume)%") }
    return parts.joined(separator: "  ")
  }

  struct JSONShape: Encodable {
    var state: String
    var song: Song?
    var elapsedMs: Int?
    var durationMs: Int?
    var position: Int?
    var queueLength: Int
    var shuffle: Bool
    var `repeat`: String
    var single: Bool
    var consume: Bool
    var volume: Int?

    enum CodingKeys: String, CodingKey {
      case state, song, elapsedMs, durationMs, position, queueLength, shuffle, `repeat`, single, consume, volume
    }

    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(state, forKey: .state)
      try c.encode(song, forKey: .song)  // null when nothing is selected
      try c.encode(elapsedMs, forKey: .elapsedMs)
      try c.encode(durationMs, forKey: .durationMs)
      try c.encode(position, forKey: .position)
      try c.encode(queueLength, forKey: .queueLength)
      try c.encode(shuffle, forKey: .shuffle)
      try c.encode(`repeat`, forKey: .repeat)
      try c.encode(single, forKey: .single)
      try c.encode(consume, forKey: .consume)
      try c.encode(volume, forKey: .volume)
    }
  }

  /// One JSON object with every key present (null when unknown).
  public var json: String {
    let shape = JSONShape(
      state: state, song: song, elapsedMs: elapsedMs, durationMs: durationMs, position: position,
      queueLength: queueLength, shuffle: shuffle, repeat: repeatMode, single: single, consume: consume,
      volume: volume)
    return Self.encode(shape)
  }

  static func encode<T: Encodable>(_ value: T) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  /// The queue as JSON: an array of songs with position and id.
  public static func queueJSON(_ songs: [[String: String]]) -> String {
    encode(songs.map(Song.init))
  }

  public static func queueLines(_ songs: [[String: String]], current: Int?) -> [String] {
    songs.map(Song.init).map { song in
      let marker = song.position != nil && song.position == current ? ">" : " "
      let length = song.durationMs.map { "  " + clock($0) } ?? ""
      return "\(marker)\((song.position ?? 0) + 1). \(song.label)\(length)"
    }
  }
}

/// Connecting tunes' own commands to the running player.
public enum PlayerRemote {
  /// Opens a client on the player's socket, or throws `ControlError.noPlayer`.
  public static func connect(socketPath: String) throws(ControlError) -> MPDClient {
    try MPDClient(socketPath: socketPath)
  }

  public static func report(_ client: MPDClient) throws(ControlError) -> PlayerReport {
    let status = MPDClient.dictionary(try client.run("status"))
    let song = MPDClient.dictionary(try client.run("currentsong"))
    return PlayerReport(status: status, currentSong: song)
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
