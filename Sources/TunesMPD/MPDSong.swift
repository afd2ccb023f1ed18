// A song as the MPD protocol shows it: the file URI, its tags (several values each), the duration and,
// for queue items, the position, stable id and play range. Also writes the `key: value` block MPD prints
// for a song.
import Foundation

public struct MPDSong: Sendable, Hashable {
  /// The URI relative to the music folder (what `add` takes and `file:` shows).
  public var file: String
  public var tags: MPDTags
  /// Tags the song block shows spelled otherwise than `tags` holds them, which is what filters compare: a
  /// backend that keeps MusicBrainz ids canonical shows them as the file writes them ("{7A1B…}"), as mpd
  /// does. nil for nearly every song.
  public var spelledTags: MPDTags?
  /// Seconds; nil when unknown.
  public var duration: Double?
  public var lastModified: Date?
  /// The queue id (stable across moves); nil outside the queue.
  public var id: Int?
  /// The queue position; nil outside the queue.
  public var position: Int?
  /// The part of the song a queue entry plays (`rangeid`); nil: all of it.
  public var range: MPDSongRange?
  /// A queue entry's priority (`prio`), 0…255; written as `Prio:` when above 0.
  public var priority = 0
  /// The format the song decodes to, as an `AudioFormat` filter reads it; nil when unknown. Not written
  /// in the song's block (MPD's `Format:` line): see Docs/MPDDifferences.md.
  public var audioFormat: MPDAudioFormat?

  public init(
    file: String, tags: MPDTags = [:], duration: Double? = nil, lastModified: Date? = nil,
    id: Int? = nil, position: Int? = nil
  ) {
    self.file = file
    self.tags = tags
    self.duration = duration
    self.lastModified = lastModified
    self.id = id
    self.position = position
  }

  public subscript(tag: MPDTag) -> String? {
    get { tags[tag] }
    set { tags[tag] = newValue }
  }

  public var title: String? { tags[.title] }
  public var artist: String? { tags[.artist] }
  public var album: String? { tags[.album] }
}

enum MPDFormat {
  /// MPD's order: file, Range, Last-Modified, tags (a line per value), Time (whole seconds), duration
  /// (milliseconds), Pos, Id, Prio. Only the tag types the connection's `tagtypes` enables (`out.tagTypes`) are written.
  static func write(_ song: MPDSong, to out: inout MPDReply) {
    let shown = out.tagTypes
    out += "file: \(line(song.file))\n"
    if let range = song.range { out += "Range: \(range)\n" }
    if let modified = song.lastModified { out += "Last-Modified: \(timestamp(modified))\n" }
    for tag in song.tags.types where shown?.contains(tag) ?? true {
      let spelled = song.spelledTags?[all: tag] ?? []
      for value in spelled.isEmpty ? song.tags[all: tag] : spelled { out += "\(tag.rawValue): \(line(value))\n" }
    }
    if let duration = song.range?.length(of: song.duration) ?? song.duration {
      out += "Time: \(Int(duration.rounded()))\n"
      out += "duration: \(seconds(duration))\n"
    }
    if let position = song.position { out += "Pos: \(position)\n" }
    if let id = song.id { out += "Id: \(id)\n" }
    if song.priority > 0 { out += "Prio: \(song.priority)\n" }
  }

  /// Seconds with three decimals, as MPD prints `elapsed` and `duration`.
  static func seconds(_ value: Double) -> String {
    // A length comes from a file's header: NaN prints as 0, and anything past 2^53 - 1 ms (285,000
    // years), where a Double stops counting milliseconds, prints as that bound instead of trapping.
    let millis = value.isNaN ? 0 : Int64(min(max(value * 1000, 0), 9_007_199_254_740_991).rounded())
    let frac = millis % 1000
    return "\(millis / 1000)." + (frac < 10 ? "00" : frac < 100 ? "0" : "") + "\(frac)"
  }

  /// ISO 8601 in UTC without fractions: `2024-05-01T12:00:00Z`.
  static func timestamp(_ date: Date) -> String {
    var time = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&time, &parts)
    func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
  }

  /// A value must not break the line protocol: newlines become spaces.
  static func line(_ value: String) -> String {
    value.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
      ? String(value.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 }) : value
  }
}
