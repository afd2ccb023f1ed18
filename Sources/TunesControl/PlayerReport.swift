// What `tunes status`, `current` and `queue` print: the running player's state read over the MPD
// protocol, as one line for people or JSON (stable keys) for scripts. The song and its clock are
// NowPlayingText's, as on the player's status line, and its JSON is JSONText's, as everywhere else.
// It lives beside the backend because the player renders the same line for `tunes_status`
// (PlayerBackendStatusLine), which the small `tunes` front program prints.
import Foundation
import TunesCore
import TunesMPD
import TunesTerminal

public struct PlayerReport: Sendable, Equatable {
  public struct Song: Sendable, Equatable, Codable {
    public var file: String
    public var title: String?
    public var artist: String?
    public var album: String?
    public var durationMs: Int?
    public var position: Int?
    public var id: Int?

    public init(_ fields: [String: String]) {
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

    /// "Artist – Title · Album" (NowPlayingText: as the player's status line names it).
    public var label: String { NowPlayingText.name(title: title, artist: artist, album: album, file: file) }

    /// The label and the song's clock: `elapsed/length` for the playing song, else its length.
    public func line(elapsedMs: Int?, durationMs: Int?) -> String {
      NowPlayingText.line(title: title, artist: artist, album: album, file: file, elapsedMs: elapsedMs, durationMs: durationMs)
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

  /// Asks the player for `status` and `currentsong`.
  public static func read(from client: MPDClient) throws(ControlError) -> PlayerReport {
    let status = MPDClient.dictionary(try client.run("status"))
    let song = MPDClient.dictionary(try client.run("currentsong"))
    return PlayerReport(status: status, currentSong: song)
  }

  /// `▶ Artist – Title · Album  1:23/4:56  #3/12  shuffle on  repeat all  volume 80%`, with `single on` (repeat off:
  /// with repeat on it is `repeat one`) and `consume on` when they are.
  public var line: String {
    let symbol = state == "play" ? "▶" : state == "pause" ? "⏸" : "■"
    var parts: [String] = []
    if let song {
      parts.append("\(symbol) \(song.line(elapsedMs: elapsedMs, durationMs: durationMs))")
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
    return JSONText.string(encoding: shape, fallback: "{}")
  }

  /// The queue as JSON: an array of songs with position and id.
  public static func queueJSON(_ songs: [[String: String]]) -> String {
    JSONText.string(encoding: songs.map(Song.init), fallback: "{}")
  }

  /// One line a song, `>` marking the current one, which shows its clock as `status` does (`elapsedMs`
  /// is the player's; nil when stopped).
  public static func queueLines(_ songs: [[String: String]], current: Int?, elapsedMs: Int? = nil) -> [String] {
    songs.map(Song.init).map { song in
      let isCurrent = song.position != nil && song.position == current
      let text = song.line(elapsedMs: isCurrent ? elapsedMs : nil, durationMs: song.durationMs)
      return "\(isCurrent ? ">" : " ")\((song.position ?? 0) + 1). \(text)"
    }
  }
}
