// The player's state as its last `status` and `currentsong` replies said, read into fields the screen
// draws. Only ever replaced by a new reply, never changed here: the player is the one owner of play state.
import TunesCore

struct PlayerSnapshot: Equatable {
  var state = "stop"
  var volume: Int?
  var repeatOn = false
  var random = false
  var single = "0"
  var consume = "0"
  var songID: Int?
  var position: Int?
  var elapsed: Double = 0
  var duration: Double = 0
  var queueLength = 0
  var audio: String?
  var error: String?
  var current: [String: String] = [:]

  init() {}

  init(status: [String: String], current: [String: String]) {
    state = status["state"] ?? "stop"
    volume = status["volume"].flatMap { Int($0) }.flatMap { $0 < 0 ? nil : $0 }
    repeatOn = status["repeat"] == "1"
    random = status["random"] == "1"
    single = status["single"] ?? "0"
    consume = status["consume"] ?? "0"
    songID = status["songid"].flatMap { Int($0) }
    position = status["song"].flatMap { Int($0) }
    elapsed = status["elapsed"].flatMap { Double($0) } ?? 0
    duration = status["duration"].flatMap { Double($0) } ?? current["duration"].flatMap { Double($0) } ?? 0
    queueLength = status["playlistlength"].flatMap { Int($0) } ?? 0
    audio = status["audio"]
    error = status["error"]
    self.current = current
  }

  var playing: Bool { state == "play" }

  /// The modes as cmus shows them: letters lit when on.
  var modes: String {
    var parts: [String] = []
    if random { parts.append("shuffle") }
    if repeatOn { parts.append(single == "1" ? "repeat one" : "repeat") } else if single == "1" { parts.append("single") }
    if consume == "1" { parts.append("consume") }
    return parts.joined(separator: " ")
  }
}

/// A song as MPD sends it: its pairs, with the names a row shows.
struct SongRow: Equatable {
  var fields: [String: String]

  var file: String { fields["file"] ?? "" }
  var title: String { fields["Title"] ?? (file.split(separator: "/").last.map(String.init) ?? file) }
  var artist: String { fields["Artist"] ?? "" }
  var album: String { fields["Album"] ?? "" }
  var id: Int? { fields["Id"].flatMap { Int($0) } }
  var position: Int? { fields["Pos"].flatMap { Int($0) } }
  var priority: Int { fields["Prio"].flatMap { Int($0) } ?? 0 }
  var length: String {
    (fields["duration"].flatMap { Double($0) } ?? fields["Time"].flatMap { Double($0) }).map { DurationText.clock(seconds: $0) }
      ?? ""
  }
}
