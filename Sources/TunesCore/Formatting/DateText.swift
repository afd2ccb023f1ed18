// The one way tunes writes a moment for people and scripts: ISO 8601 in UTC for JSON and logs
// ("2026-11-22T14:03:00Z"), and minutes in the local time zone for screens ("2026-11-22 14:03").
import Foundation

public enum DateText {
  /// A formatter for `iso`, for callers that write many dates in a row (one per date costs time).
  public static func isoFormatter() -> ISO8601DateFormatter {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter
  }

  /// "2026-11-22T14:03:00Z".
  public static func iso(_ date: Date) -> String {
    isoFormatter().string(from: date)
  }

  /// `iso` of a Unix time in seconds.
  public static func iso(epoch seconds: Int) -> String {
    iso(Date(timeIntervalSince1970: Double(seconds)))
  }

  /// "2026-11-22 14:03" in the local time zone.
  public static func minute(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter.string(from: date)
  }
}
