// The one way a song being played is written for people: the player's status line, `tunes status`,
// `tunes current` and the current row of `tunes queue` all call it, so the same song reads the same in
// each (artist, title, album, and its clock in DurationText's one format).
import TunesCore

public enum NowPlayingText {
  /// `Artist – Title · Album`; without an artist `Title · Album`, without an album no `· Album`, and
  /// without a title the file's name stands for it.
  public static func name(title: String?, artist: String?, album: String?, file: String) -> String {
    var text = nonEmpty(title) ?? fileName(file)
    if let artist = nonEmpty(artist) { text = "\(artist) – \(text)" }
    if let album = nonEmpty(album) { text += " · \(album)" }
    return text
  }

  /// `1:23/4:56` while playing (`1:23/?:??` when the length is unknown), `4:56` for a song not started
  /// (nothing when its length is unknown too).
  public static func time(elapsedMs: Int?, durationMs: Int?) -> String {
    let total = durationMs.map { DurationText.clock(ms: $0) }
    guard let elapsedMs else { return total ?? "" }
    return "\(DurationText.clock(ms: elapsedMs))/\(total ?? "?:??")"
  }

  /// The name and the time two spaces apart (the name alone when there is no time).
  public static func line(title: String?, artist: String?, album: String?, file: String, elapsedMs: Int?, durationMs: Int?)
    -> String
  {
    let clock = time(elapsedMs: elapsedMs, durationMs: durationMs)
    let name = name(title: title, artist: artist, album: album, file: file)
    return clock.isEmpty ? name : "\(name)  \(clock)"
  }

  private static func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
  }

  /// The last component of a path or URI, without Foundation (this module draws, it does not read files).
  private static func fileName(_ path: String) -> String {
    String(path.split(separator: "/", omittingEmptySubsequences: true).last ?? Substring(path))
  }
}
