// SQLite's REGEXP operator calls a function `regexp(pattern, text)` that SQLite itself does not provide;
// this is it, for the query language's `field::pattern` terms. Patterns are ICU regular expressions
// (NSRegularExpression), searched anywhere in the text, case kept, as beets searches them with Python's
// `re.search`. A query compiles its pattern once per connection, not once per row: the last few
// compiled are kept.
import Foundation
import GRDB

enum RegexFunction {
  /// Why `pattern` is no regular expression; nil when it is one.
  static func problem(_ pattern: String) -> String? {
    do {
      _ = try NSRegularExpression(pattern: pattern)
      return nil
    } catch {
      return "\"\(pattern)\" does not compile"
    }
  }

  private final class Cache: @unchecked Sendable {
    let lock = NSLock()
    var compiled: [String: NSRegularExpression] = [:]

    func expression(_ pattern: String) -> NSRegularExpression? {
      lock.withLock {
        if let found = compiled[pattern] { return found }
        guard let made = try? NSRegularExpression(pattern: pattern) else { return nil }
        if compiled.count > 32 { compiled.removeAll() }
        compiled[pattern] = made
        return made
      }
    }
  }

  private static let cache = Cache()

  /// `text REGEXP pattern`: NULL text matches nothing.
  static let function = DatabaseFunction("regexp", argumentCount: 2, pure: true) { values in
    guard let pattern = String.fromDatabaseValue(values[0]), let text = String.fromDatabaseValue(values[1]) else {
      return false
    }
    guard let expression = cache.expression(pattern) else { return false }
    let range = NSRange(text.startIndex..<text.endIndex, in: text)
    return expression.firstMatch(in: text, range: range) != nil
  }
}
