// The times MPD filters take (`modified-since`): a UNIX time in seconds, or an ISO 8601 date or date
// and time ("2024-05-01", "2024-05-01T12:30:00Z", "2024-05-01T12:30+02:00"), read without Foundation
// so the filter parser stays pure Swift (and fuzzable).

public enum MPDTime {
  /// Seconds since 1970 for `text`; a time without a zone is UTC. Anything else is MPD's argument error.
  public static func seconds(_ text: String) throws(MPDError) -> Double {
    if !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(text) { return Double(value) }
    guard let value = iso8601(Array(text.utf8)) else { throw MPDError.argument("Failed to parse time stamp: \(text)") }
    return value
  }

  private static func iso8601(_ b: [UInt8]) -> Double? {
    var i = 0
    func number(_ width: Int) -> Int? {
      guard i + width <= b.count else { return nil }
      var value = 0
      for k in i..<i + width {
        guard b[k] >= 0x30 && b[k] <= 0x39 else { return nil }
        value = value * 10 + Int(b[k] - 0x30)
      }
      i += width
      return value
    }
    func take(_ c: Character) -> Bool {
      guard i < b.count, b[i] == c.asciiValue! else { return false }
      i += 1
      return true
    }
    guard let year = number(4), take("-"), let month = number(2), take("-"), let day = number(2),
      (1...12).contains(month), (1...days(inMonth: month, year: year)).contains(day)
    else { return nil }
    var seconds = Double(daysSince1970(year: year, month: month, day: day) * 86_400)
    guard i < b.count else { return seconds }
    guard take("T") || take(" "), let hour = number(2), hour < 24, take(":"), let minute = number(2), minute < 60 else {
      return nil
    }
    seconds += Double(hour * 3600 + minute * 60)
    if take(":") {
      guard let second = number(2), second < 61 else { return nil }
      seconds += Double(second)
      if take(".") {
        var scale = 0.1
        var digits = 0
        while i < b.count, b[i] >= 0x30 && b[i] <= 0x39 {
          seconds += Double(b[i] - 0x30) * scale
          scale /= 10
          digits += 1
          i += 1
        }
        guard digits > 0 else { return nil }
      }
    }
    if take("Z") { return i == b.count ? seconds : nil }
    if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
      let sign = b[i] == UInt8(ascii: "+") ? 1.0 : -1.0
      i += 1
      guard let hours = number(2), hours < 24 else { return nil }
      var offset = hours * 3600
      if take(":") || i < b.count {
        guard let minutes = number(2), minutes < 60 else { return nil }
        offset += minutes * 60
      }
      seconds -= sign * Double(offset)
    }
    return i == b.count ? seconds : nil
  }

  private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

  private static func days(inMonth month: Int, year: Int) -> Int {
    [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  }

  /// Days from 1970-01-01 to the date in the proleptic Gregorian calendar (negative before 1970).
  static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    // Counted from March, so the leap day ends a year (the civil-from-days method).
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
