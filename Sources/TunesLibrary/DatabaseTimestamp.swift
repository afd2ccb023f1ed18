// Dates as the library stores them ("yyyy-MM-dd HH:mm:ss.SSS", UTC: GRDB's own format), written and read
// without DateFormatter or Calendar, whose first use loads ICU's calendar and formats (~2 ms, ~1 MB) in
// every `tunes play` that saves its state.
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
    let bytes = Array(text.utf8)
    guard bytes.count == 23, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: " "),
      bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: ".")
    else { return nil }
    func number(_ from: Int, _ count: Int) -> Int? {
      var value = 0
      for byte in bytes[from..<from + count] {
        guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
      let minute = number(14, 2), let second = number(17, 2), let millis = number(20, 3),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    var parts = tm()
    parts.tm_year = Int32(year - 1900)
    parts.tm_mon = Int32(month - 1)
    parts.tm_mday = Int32(day)
    parts.tm_hour = Int32(hour)
    parts.tm_min = Int32(minute)
    parts.tm_sec = Int32(second)
    let seconds = timegm(&parts)
    // timegm normalises impossible days (31 April); such text is left to GRDB, to be read as it reads it.
    guard parts.tm_mday == Int32(day), parts.tm_mon == Int32(month - 1) else { return nil }
    return Date(timeIntervalSince1970: Double(seconds) + Double(millis) / 1000)
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}
