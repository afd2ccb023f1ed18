// Dates as the library stores them ("yyyy-MM-dd HH:mm:ss.SSS", UTC: GRDB's own format), written and read
// without DateFormatter or Calendar. GRDB writes a bound `Date` with a DateFormatter, whose first use loads
// ICU's calendars and formats (~2 M instructions, ~4 MB resident): every date tunes writes comes through here.
import Foundation
import GRDB

public enum DatabaseTimestamp {
  /// The text GRDB would store for `date` (to the nearest millisecond, as its formatter rounds).
  public static func text(_ date: Date) -> String {
    let ms = Int64((date.timeIntervalSince1970 * 1000).rounded())
    var seconds = time_t(ms >= 0 ? ms / 1000 : (ms - 999) / 1000)
    let millis = Int(ms - Int64(seconds) * 1000)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    return pad(Int(parts.tm_year) + 1900, 4) + "-" + pad(Int(parts.tm_mon) + 1, 2) + "-" + pad(Int(parts.tm_mday), 2)
      + " " + pad(Int(parts.tm_hour), 2) + ":" + pad(Int(parts.tm_min), 2) + ":" + pad(Int(parts.tm_sec), 2)
      + "." + pad(millis, 3)
  }

  /// The date of a stored value: the text above is read directly; anything else (other text forms,
  /// numbers) the way GRDB reads it.
  public static func date(_ value: DatabaseValue) -> Date? {
    if case .string(let text) = value.storage, let date = parse(text) { return date }
    return Date.fromDatabaseValue(value)
  }

  /// "yyyy-MM-dd HH:mm:ss.SSS" exactly, else nil.
  static func parse(_ text: String) -> Date? {
    var text = text
    return text.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
  }

  /// The same, over the text's bytes (a row's column, read in place). Plain arithmetic: `timegm` and a
  /// copy of the bytes were 1 800 instructions a song when a 10k-song queue had been played before.
  static func parse(_ bytes: UnsafeRawBufferPointer) -> Date? {
    guard bytes.count == 23, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: " "),
      bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: ".")
    else { return nil }
    func number(_ from: Int, _ count: Int) -> Int? {
      var value = 0
      for index in from..<from + count {
        let byte = bytes[index]
        guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    // Impossible days (31 April, 29 February 2023) are left to GRDB, to be read as it reads them.
    guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
      let minute = number(14, 2), let second = number(17, 2), let millis = number(20, 3),
      (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60, second < 60
    else { return nil }
    let seconds = daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
    return Date(timeIntervalSince1970: Double(seconds) + Double(millis) / 1000)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (the civil-from-days inverse:
  /// eras of 400 years, years starting in March so that the leap day comes last).
  static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}

/// A record whose dates are stored as `DatabaseTimestamp` text: the same text GRDB would write, without
/// GRDB's DateFormatter.
public protocol TimestampedRecord: FetchableRecord, EncodableRecord {}

extension TimestampedRecord {
  public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
    .custom { DatabaseTimestamp.text($0) }
  }

  public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
    .custom { DatabaseTimestamp.date($0) }
  }
}
