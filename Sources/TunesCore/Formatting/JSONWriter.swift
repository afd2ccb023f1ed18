// Writes the plain JSON values of `--json` (strings, integers, booleans, null, arrays, objects) byte for
// byte as JSONSerialization does with [.sortedKeys, .withoutEscapingSlashes], about 30× faster. JSONText
// uses it for every plain value; the CLI's SongJSON writes songs with its pieces.
import Foundation

/// Linux Foundation's JSONSerialization sorts keys with a locale-aware NSString comparison on every
/// comparison: `tunes ls songs river --json` spent 1.4 of its 1.5 CPU seconds there at 100k songs.
public enum JSONWriter {
  /// nil when the value holds something this writer does not spell exactly as JSONSerialization
  /// (floating-point numbers, keys other than ASCII letters): the caller then uses JSONSerialization.
  public static func data(_ value: Any) -> Data? {
    var out: [UInt8] = []
    out.reserveCapacity(4096)
    guard write(value, into: &out) else { return nil }
    return Data(out)
  }

  private static func write(_ value: Any, into out: inout [UInt8]) -> Bool {
    switch value {
    case let string as String:
      writeString(string, into: &out)
    case let number as Int:
      out.append(contentsOf: String(number).utf8)
    case let number as Int64:
      out.append(contentsOf: String(number).utf8)
    case let flag as Bool:
      out.append(contentsOf: (flag ? "true" : "false").utf8)
    case let array as [Any]:
      out.append(UInt8(ascii: "["))
      for (index, element) in array.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        guard write(element, into: &out) else { return false }
      }
      out.append(UInt8(ascii: "]"))
    case let object as [String: Any]:
      // JSONSerialization's order: case-insensitive (then exact) comparison; for keys made of ASCII
      // letters only, that is the order of their lowercased bytes.
      var keys: [(lower: [UInt8], key: String)] = []
      keys.reserveCapacity(object.count)
      for key in object.keys {
        guard !key.isEmpty, key.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
        else { return false }
        keys.append((Array(key.lowercased().utf8), key))
      }
      keys.sort { precedes($0, $1) }
      out.append(UInt8(ascii: "{"))
      for (index, entry) in keys.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        writeString(entry.key, into: &out)
        out.append(UInt8(ascii: ":"))
        guard write(object[entry.key]!, into: &out) else { return false }
      }
      out.append(UInt8(ascii: "}"))
    // Last: casting a Swift dictionary or array to a class bridges it to NSDictionary/NSArray first,
    // which took half of the writer's time when this case came before them.
    case is NSNull:
      out.append(contentsOf: "null".utf8)
    default:
      return false
    }
    return true
  }

  /// JSONSerialization's order of two keys made of ASCII letters: by their lowercased bytes, then exactly.
  private static func precedes(_ a: (lower: [UInt8], key: String), _ b: (lower: [UInt8], key: String)) -> Bool {
    a.lower == b.lower ? Array(a.key.utf8).lexicographicallyPrecedes(b.key.utf8) : a.lower.lexicographicallyPrecedes(b.lower)
  }

  public static func precedes(_ a: String, _ b: String) -> Bool {
    precedes((Array(a.lowercased().utf8), a), (Array(b.lowercased().utf8), b))
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// Escapes as JSONSerialization: quote, backslash, the short forms \b \f \n \r \t, other control
  /// characters as \u00xx (lowercase hex); everything else, slashes included, as UTF-8.
  public static func writeString(_ string: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
      case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
      case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
      case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
      case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
      case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
      case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
      case 0x00..<0x20:
        out.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
        out.append(hexDigits[Int(byte >> 4)])
        out.append(hexDigits[Int(byte & 0xF)])
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
