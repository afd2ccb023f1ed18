// The one way tunes writes a length of time for people: song and playlist durations, the player's
// clocks, and how long to wait for a server. Every listing, status line and message calls these, so a
// duration reads the same wherever it is shown.
//
// A clock is rounded to the nearest second, as mpd rounds the whole seconds of its `time:` and `Time:`
// fields and so as mpc and ncmpcpp show them: a song paused at 11.777 s reads 0:12 in `tunes status`, the
// full-screen UI, `tunes ls` and any MPD client alike. Truncating here made tunes' own views a second
// behind the clients of its MPD server.

public enum DurationText {
  /// 3:05, or 1:02:03 from an hour on, rounded to the nearest second; a negative time reads 0:00.
  public static func clock(ms: Int) -> String {
    let seconds = (max(ms, 0) + 500) / 1000
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
    // Not String(format:): Foundation's formatter took 1.5 µs a song, 17% of listing 10k songs.
    func twoDigits(_ n: Int) -> String { n < 10 ? "0" + String(n) : String(n) }
    return h > 0 ? "\(h):\(twoDigits(m)):\(twoDigits(s))" : "\(m):\(twoDigits(s))"
  }

  /// The clock of a time in seconds, as MPD's `elapsed` and `duration` send it (to the millisecond).
  public static func clock(seconds: Double) -> String {
    guard seconds.isFinite, seconds > 0 else { return clock(ms: 0) }
    return clock(ms: Int((min(seconds, Double(Int.max / 2000)) * 1000).rounded()))
  }

  /// The clock of a table cell: "" when the duration is unknown.
  public static func cell(ms: Int?) -> String {
    ms.map { clock(ms: $0) } ?? ""
  }

  /// A playlist's or entry's length; "-" when unknown or empty.
  public static func rounded(ms: Int?) -> String {
    guard let ms, ms > 0 else { return "-" }
    return clock(ms: ms)
  }

  /// `45 s`, `3 min`, `24 h`: how long to wait, rounded up.
  public static func wait(seconds: Int) -> String {
    if seconds < 120 { return "\(seconds) s" }
    if seconds < 7200 { return "\((seconds + 59) / 60) min" }
    return "\((seconds + 3599) / 3600) h"
  }
}
