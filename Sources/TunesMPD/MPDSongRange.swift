// The part of a song a queue entry plays, set by `rangeid ID START:END` and shown as the `Range:` line of
// the entry (`0.500-1.500`, or `1.000-` when it runs to the song's end), as MPD shows it.

public struct MPDSongRange: Sendable, Hashable, CustomStringConvertible {
  /// Seconds from the song's start.
  public var start: Double
  /// Seconds from the song's start; nil: to its end.
  public var end: Double?

  public init(start: Double, end: Double?) {
    self.start = start
    self.end = end
  }

  public var description: String { MPDFormat.seconds(start) + "-" + (end.map(MPDFormat.seconds) ?? "") }

  /// How long the range plays, given the whole song's length (nil when that is unknown and the range
  /// runs to the end).
  public func length(of duration: Double?) -> Double? {
    guard let stop = end ?? duration else { return nil }
    return max(stop - start, 0)
  }

  /// Reads `rangeid`'s argument: `START:END`, either side may be empty (`:` is the whole song, which
  /// clears the range: nil). Anything else, an end before the start, or a time past the longest mpd
  /// holds (so that the range always shows in milliseconds), is MPD's "Bad range".
  public static func parse(_ text: String) throws(MPDError) -> MPDSongRange? {
    guard let colon = text.firstIndex(of: ":") else { throw MPDError.argument("Bad range") }
    func seconds(_ part: Substring) throws(MPDError) -> Double? {
      if part.isEmpty { return nil }
      guard let value = Double(part), value >= 0, value <= MPDNumber.longestTime else {
        throw MPDError.argument("Bad range")
      }
      return value
    }
    let start = try seconds(text[..<colon]) ?? 0
    let end = try seconds(text[text.index(after: colon)...])
    if let end, end <= start { throw MPDError.argument("Bad range") }
    if start == 0, end == nil { return nil }
    return MPDSongRange(start: start, end: end)
  }
}
