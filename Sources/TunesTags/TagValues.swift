// Small parsers for the values inside tag text: "3/12" number pairs, years from dates, MusicBrainz ids,
// compilation flags. Shared by the ID3v1 and ID3v2 readers.

extension String {
  /// The string without leading and trailing spaces, tabs, line breaks and NULs. Works on UTF-8 bytes:
  /// Character-wise trimming (grapheme breaking) was a visible cost when reading thousands of files.
  func trimmingSpaces() -> String {
    let bytes = utf8
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0 }
    guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return "" }
    let last = bytes.lastIndex(where: { !isSpace($0) })!
    if first == bytes.startIndex && last == bytes.index(before: bytes.endIndex) { return self }
    return String(self[first...last])
  }
}

enum TagValues {
  /// Parses "3", "03", "3/12" or " 3 / 12 " into (3, 12); a missing or zero part is nil.
  static func numberPair(_ text: String) -> (number: Int?, total: Int?) {
    let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    let number = parts.first.flatMap { leadingInt($0) }
    let total = parts.count > 1 ? leadingInt(parts[1]) : nil
    return (number.flatMap { $0 > 0 ? $0 : nil }, total.flatMap { $0 > 0 ? $0 : nil })
  }

  /// The integer made of the leading digits of `text` (after spaces), or nil when there are none.
  static func leadingInt(_ text: Substring) -> Int? {
    var value = 0
    var digits = 0
    for b in text.utf8 {
      if b == 0x20 && digits == 0 { continue }
      guard b >= 0x30 && b <= 0x39 else { break }
      value = value &* 10 &+ Int(b - 0x30)
      digits += 1
      if digits > 9 { return nil }
    }
    return digits > 0 ? value : nil
  }

  /// The year of a date such as "1999", "1999-05-14" or "1999-05-14T10:00": its first four digits.
  static func year(_ text: String) -> Int? {
    let utf8 = Array(text.trimmingSpaces().utf8.prefix(5))
    guard utf8.count >= 4 else { return nil }
    var year = 0
    for k in 0..<4 {
      let b = utf8[k]
      guard b >= 0x30 && b <= 0x39 else { return nil }
      year = year * 10 + Int(b - 0x30)
    }
    // "19991" is not a year; "1999-" and "1999" are.
    if utf8.count == 5 && utf8[4] >= 0x30 && utf8[4] <= 0x39 { return nil }
    return year > 0 ? year : nil
  }

  /// TCMP/TCP: "1" (or any non-zero number) marks a compilation.
  static func isTrue(_ text: String) -> Bool {
    if let n = leadingInt(Substring(text)) { return n != 0 }
    return false
  }
}

/// MusicBrainz identifiers are UUIDs; anything else in an MBID field is dropped with a warning, because a
/// bad id submitted to ListenBrainz is worse than none.
public enum MBID {
  /// The id in canonical lowercase form when `text` is a UUID (8-4-4-4-12 hex digits), else nil.
  public static func normalized(_ text: String) -> String? {
    let s = text.trimmingSpaces()
    let bytes = Array(s.utf8)
    guard bytes.count == 36 else { return nil }
    var out = [UInt8](repeating: 0, count: 36)
    for (k, b) in bytes.enumerated() {
      if k == 8 || k == 13 || k == 18 || k == 23 {
        guard b == 0x2D else { return nil }
        out[k] = b
        continue
      }
      switch b {
      case 0x30...0x39, 0x61...0x66: out[k] = b
      case 0x41...0x46: out[k] = b + 0x20
      default: return nil
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Splits a field that may hold several ids ("/", ";", "," or NUL between them).
  static func split(_ text: String) -> [String] {
    text.split(whereSeparator: { $0 == "/" || $0 == ";" || $0 == "," || $0 == "\0" })
      .map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
  }
}
