// Defensive decoding for the dashboard endpoints: a field that is missing, null, of another type or a
// number written as a string never fails a whole response (beets broke twice on playlist JSON changes).
import Foundation

/// Any coding key, for reading objects whose keys are data (day names, extension URLs).
struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}

/// Decodes a `T` or nothing: used for list items so one odd item is skipped, not fatal.
struct Lenient<T: Decodable>: Decodable {
  let value: T?
  init(from decoder: any Decoder) throws { value = try? T(from: decoder) }
}

extension KeyedDecodingContainer {
  /// An integer from a JSON number (fractions truncated) or a numeric string; nil otherwise.
  func int(_ key: Key) -> Int? {
    if let value = try? decodeIfPresent(Int.self, forKey: key) { return value }
    if let value = try? decodeIfPresent(Double.self, forKey: key), value.isFinite, abs(value) < 9e15 { return Int(value) }
    if let text = try? decodeIfPresent(String.self, forKey: key) {
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      if let value = Int(trimmed) { return value }
      if let value = Double(trimmed), value.isFinite, abs(value) < 9e15 { return Int(value) }
    }
    return nil
  }

  /// A string; numbers are written out, empty strings count as absent.
  func string(_ key: Key) -> String? {
    if let text = try? decodeIfPresent(String.self, forKey: key) { return text.isEmpty ? nil : text }
    if let value = try? decodeIfPresent(Int.self, forKey: key) { return String(value) }
    return nil
  }

  func bool(_ key: Key) -> Bool? {
    if let value = try? decodeIfPresent(Bool.self, forKey: key) { return value }
    if let text = try? decodeIfPresent(String.self, forKey: key) {
      switch text.lowercased() {
      case "true", "1", "yes": return true
      case "false", "0", "no": return false
      default: return nil
      }
    }
    return int(key).map { $0 != 0 }
  }

  /// A list whose undecodable items are dropped; a missing or non-list value is an empty list.
  func list<T: Decodable>(_ key: Key, of type: T.Type = T.self) -> [T] {
    ((try? decodeIfPresent([Lenient<T>].self, forKey: key)) ?? nil)?.compactMap(\.value) ?? []
  }

  /// Strings of a list, or a single string as a one-item list (JSPF identifiers come both ways).
  func strings(_ key: Key) -> [String] {
    if let one = string(key) { return [one] }
    return list(key, of: String.self)
  }

  func object<T: Decodable>(_ key: Key, as type: T.Type = T.self) -> T? {
    (try? decodeIfPresent(T.self, forKey: key)) ?? nil
  }
}

/// Recording MBIDs as tunes stores them: lowercase canonical UUIDs; anything else is not an MBID.
enum MBID {
  static func normalised(_ text: String?) -> String? {
    guard let text else { return nil }
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    guard let uuid = UUID(uuidString: trimmed) else { return nil }
    return uuid.uuidString.lowercased()
  }
}
