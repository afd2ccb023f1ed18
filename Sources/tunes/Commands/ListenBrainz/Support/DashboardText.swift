// The words of the dashboard screens: counts with their nouns, range names, dates and tracks, kept
// apart from the drawing so every command says them the same way.
import Foundation
import TunesCore
import TunesListenBrainz

enum DashboardText {
  static func notCalculated(_ user: String) -> String { "statistics for \(user) are not calculated yet" }

  /// The date column of a listing: "2026-11-22 14:03" in the local time zone, blank when unknown.
  static func dateTime(epoch: Int?) -> String {
    guard let epoch else { return "                " }
    return DateText.minute(Date(timeIntervalSince1970: TimeInterval(epoch)))
  }

  /// "Artist – Title" (and the release in parentheses when asked).
  static func track(_ track: TrackInfo, release: Bool = false) -> String {
    var text = "\(track.artistName.isEmpty ? "?" : track.artistName) – \(track.trackName.isEmpty ? "?" : track.trackName)"
    if release, let name = track.releaseName { text += " (\(name))" }
    return text
  }

  static func rangeName(_ range: String) -> String {
    switch range {
    case "all_time": return "all time"
    case "this_week": return "this week"
    case "this_month": return "this month"
    case "this_year": return "this year"
    case "week": return "last week"
    case "month": return "last month"
    case "quarter": return "last quarter"
    case "year": return "last year"
    case "half_yearly": return "last half year"
    default: return range
    }
  }

  /// The period the server sends before the range, for comparison ("this week" → "last week").
  static func previousRangeName(_ range: String) -> String {
    switch range {
    case "this_week": return "last week"
    case "this_month": return "last month"
    case "this_year": return "last year"
    case "week": return "the week before"
    case "month": return "the month before"
    case "quarter": return "the quarter before"
    case "year": return "the year before"
    case "half_yearly": return "the half year before"
    default: return "before"
    }
  }

  static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(n) \(n == 1 ? singular : (plural ?? singular + "s"))"
  }

  /// "UTC", or "Europe/Berlin, UTC+1" (the whole hours the grid moved by).
  static func zoneName(_ zone: TimeZone, offset: Int) -> String {
    let hours = offset / 3600
    if offset == 0 && ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "Universal", "Zulu"].contains(zone.identifier) { return "UTC" }
    return "\(zone.identifier), UTC\(hours >= 0 ? "+" : "")\(hours)"
  }
}
