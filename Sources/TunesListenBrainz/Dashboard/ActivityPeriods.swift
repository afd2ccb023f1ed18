// Which period each listening-activity bucket belongs to. The server answers a listening-activity
// request with the range asked for AND the period of the same length before it, in one list, so a
// chart can compare them (this week next to last week); counting the whole list counts two periods.
// The website splits the list by the range's length from the first bucket on (7 days, a calendar
// month, 12 months); tunes applies the same rule, by calendar dates in UTC as the server lays them out.
import Foundation

public enum ActivityPeriod: String, Codable, Sendable, Equatable {
  /// The period before the one asked for, sent for comparison.
  case previous
  /// The range asked for (`this_week`: this week so far; `week`: last week).
  case current
}

enum ActivityPeriods {
  /// The length of one period of a range, as calendar units from the first bucket's start.
  private static func length(_ range: String) -> DateComponents? {
    switch range {
    case "this_week", "week": return DateComponents(day: 7)
    case "this_month", "month": return DateComponents(month: 1)
    case "quarter": return DateComponents(month: 3)
    case "half_yearly": return DateComponents(month: 6)
    case "this_year", "year": return DateComponents(month: 12)
    default: return nil  // all_time: one period, nothing before it
    }
  }

  /// Buckets per period when the server sent no timestamps (then a calendar cannot be used).
  private static func count(_ range: String, total: Int) -> Int {
    switch range {
    case "this_week", "week": return 7
    case "half_yearly": return 6
    case "this_year", "year": return 12
    default: return total / 2
    }
  }

  /// The period of each bucket, oldest first as given: the previous period's buckets, then the current's.
  static func assign(_ buckets: [ActivityBucket], range: String) -> [ActivityBucket] {
    guard let length = length(range) else {
      return buckets.map {
        var b = $0; b.period = .current; return b
      }
    }
    let firstCurrent: Int
    if let start = buckets.compactMap(\.fromTs).min() {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = TimeZone(identifier: "UTC")!
      let boundary =
        calendar.date(byAdding: length, to: Date(timeIntervalSince1970: TimeInterval(start)))
        .map { Int($0.timeIntervalSince1970) } ?? Int.max
      firstCurrent = buckets.firstIndex { ($0.fromTs ?? Int.min) >= boundary } ?? buckets.count
    } else {
      firstCurrent = min(count(range, total: buckets.count), buckets.count)
    }
    return buckets.enumerated().map { index, bucket in
      var b = bucket
      b.period = index < firstCurrent ? .previous : .current
      return b
    }
  }
}
