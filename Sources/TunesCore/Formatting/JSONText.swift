// The one JSON style of tunes' `--json` output and of the JSON it shows: compact (one line), keys
// sorted, slashes not escaped. Plain values ([String: Any], arrays, strings, integers, booleans, null)
// go through JSONWriter, which writes them as JSONSerialization would, only faster; Encodable models
// through JSONEncoder with the same options.
import Foundation

public enum JSONText {
  /// A plain JSON value built in Swift (String, Int, Int64, Bool, NSNull, arrays and [String: Any] of
  /// them) written in the one style.
  public static func data(_ value: Any) -> Data {
    JSONWriter.data(value) ?? data(serializing: value)
  }

  /// A value holding what JSONSerialization parsed, written in the one style by JSONSerialization
  /// itself: its booleans are NSNumbers, which JSONWriter would take for integers.
  public static func data(serializing value: Any) -> Data {
    (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]))
      ?? Data("null".utf8)
  }

  /// An Encodable value written in the one style; nil when it cannot be encoded.
  public static func data<T: Encodable>(encoding value: T) -> Data? {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try? encoder.encode(value)
  }

  /// `data(encoding:)` as text; `fallback` when the value cannot be encoded.
  public static func string<T: Encodable>(encoding value: T, fallback: String = "null") -> String {
    data(encoding: value).map { String(decoding: $0, as: UTF8.self) } ?? fallback
  }
}
