// Where a key sits in config.toml, for errors about its value: the parsed file keeps no line numbers,
// and a bad value is rare enough that reading the text again to name the line costs nothing.
import Foundation

extension ConfigFile {
  /// The first line that sets `key` (1 when none does).
  public func line(of key: String) -> Int {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return (lines.firstIndex { $0.drop { $0 == " " || $0 == "\t" }.hasPrefix(key) } ?? 0) + 1
  }

  /// A setting that must be `true` or `false`; nil when the file does not set it.
  public func flag(section: String, key: String) throws -> Bool? {
    guard let value = try load()[section, key] else { return nil }
    guard let flag = value.boolValue else {
      throw ConfigError.syntax(path: path, line: line(of: key), message: "\(key) must be true or false")
    }
    return flag
  }

  /// A whole number in `range`; nil when the file does not set it. `unit` names what it counts in errors.
  public func integer(section: String, key: String, in range: ClosedRange<Int>, unit: String) throws -> Int? {
    guard let value = try load()[section, key] else { return nil }
    guard let number = value.integerValue, range.contains(number) else {
      throw ConfigError.syntax(
        path: path, line: line(of: key),
        message: "\(key) must be a whole number of \(unit) from \(range.lowerBound) to \(range.upperBound)")
    }
    return number
  }
}
