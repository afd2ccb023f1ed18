// The JSON of one listen, written by hand: a listen is a few string, integer and string-array fields in
// two nested objects, and JSONSerialization (boxing every value into Foundation objects, sorting keys
// with locale-aware comparison) was the largest single cost of counting a play in a playing process.
// The bytes are exactly those `JSONSerialization.data(withJSONObject:options: [.sortedKeys,
// .withoutEscapingSlashes])` gives for the same object (ListenJSONTests compares the two), so a stored
// listen keeps one byte form whichever wrote it.
import Foundation

enum ListenJSON {
  case string(String)
  case int(Int)
  case strings([String])
  /// Keys are plain lowercase ASCII (a–z and `_`), for which byte order is JSONSerialization's sorted order.
  case object([String: ListenJSON])

  var data: Data {
    var text = ""
    write(into: &text)
    return Data(text.utf8)
  }

  func write(into text: inout String) {
    switch self {
    case .string(let value):
      Self.write(string: value, into: &text)
    case .int(let value):
      text += String(value)
    case .strings(let values):
      text += "["
      for (index, value) in values.enumerated() {
        if index > 0 { text += "," }
        Self.write(string: value, into: &text)
      }
      text += "]"
    case .object(let members):
      text += "{"
      for (index, key) in members.keys.sorted().enumerated() {
        if index > 0 { text += "," }
        Self.write(string: key, into: &text)
        text += ":"
        members[key]!.write(into: &text)
      }
      text += "}"
    }
  }

  /// Quotes and escapes as JSONSerialization does: `"` and `\`, the short escapes for backspace, form
  /// feed, newline, return and tab, `\u00xx` for the other control characters; everything else as is.
  static func write(string: String, into text: inout String) {
    text += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\u{8}": text += "\\b"
      case "\u{C}": text += "\\f"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case "\u{0}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }
}
