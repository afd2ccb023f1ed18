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

  /// A date at the precision tagged: "YYYY", "YYYY-MM" or "YYYY-MM-DD", read as mutagen reads ID3 time
  /// stamps: the text is split at "-", "T", ":", "/", "." and spaces, and the parts are taken while they are
  /// numbers (a time of day is dropped: the model keeps days). Nil when the text does not start with a year.
  static func date(_ text: String) -> String? {
    var parts: [Int] = []
    var current = 0
    var digits = 0
    var valid = true
    func close() {
      if digits > 0 && valid { parts.append(current) } else { parts.append(-1) }
      current = 0
      digits = 0
      valid = true
    }
    for b in text.utf8 {
      if parts.count >= 3 { break }
      switch b {
      case 0x30...0x39:
        digits += 1
        if digits > 9 { valid = false } else { current = current * 10 + Int(b - 0x30) }
      case 0x2D, 0x54, 0x3A, 0x2F, 0x2E, 0x20, 0x09, 0x0A, 0x0D: close()
      default: valid = false
      }
    }
    if parts.count < 3 { close() }
    guard let year = parts.first, year >= 0 else { return nil }
    var out = year < 1000 ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
    for part in parts.dropFirst().prefix(2) {
      guard part >= 0 else { break }
      out += part < 10 ? "-0\(part)" : "-\(part)"
    }
    return out
  }

  /// A ReplayGain value such as "-6.50 dB", "+1.2 dB" or "0.988": the number at the start, nil when there
  /// is none or it is not finite.
  static func decimal(_ text: String) -> Double? {
    let trimmed = text.trimmingSpaces()
    var end = trimmed.utf8.startIndex
    for b in trimmed.utf8 {
      guard (b >= 0x30 && b <= 0x39) || b == 0x2E || b == 0x2B || b == 0x2D || b == 0x65 || b == 0x45 else { break }
      end = trimmed.utf8.index(after: end)
    }
    guard let value = Double(String(trimmed[..<end])), value.isFinite else { return nil }
    return value
  }

  /// TCMP/TCP: "1" (or any non-zero number) marks a compilation.
  static func isTrue(_ text: String) -> Bool {
    if let n = leadingInt(Substring(text)) { return n != 0 }
    return false
  }
}

/// MusicBrainz identifiers are UUIDs. Taggers write them in several spellings (upper case, in braces, without
/// hyphens); all are the same id, so each is brought to the canonical lowercase hyphenated form. Anything
/// that is not a UUID is dropped with a warning, because a bad id submitted to ListenBrainz is worse than none.
public enum MBID {
  /// The id in canonical lowercase 8-4-4-4-12 form when `text` is a UUID written hyphenated or as 32 hex
  /// digits, in any case, optionally in braces; else nil.
  public static func normalized(_ text: String) -> String? {
    // Most ids are written canonically already: the same string, not a copy made byte by byte, checked
    // over its bytes in place (an iterator over the string's UTF-8 view cost more than the check).
    if isCanonical(text) { return text }
    let trimmed = text.trimmingSpaces()
    if isCanonical(trimmed) { return trimmed }
    var bytes = Array(trimmed.utf8)
    if bytes.count >= 2 && bytes.first == 0x7B && bytes.last == 0x7D { bytes = Array(bytes[1..<bytes.count - 1]) }
    let hyphenated = bytes.count == 36
    guard hyphenated || bytes.count == 32 else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(36)
    for (k, b) in bytes.enumerated() {
      if hyphenated && (k == 8 || k == 13 || k == 18 || k == 23) {
        guard b == 0x2D else { return nil }
        continue
      }
      if !hyphenated && (k == 8 || k == 12 || k == 16 || k == 20) { out.append(0x2D) }
      switch b {
      case 0x30...0x39, 0x61...0x66: out.append(b)
      case 0x41...0x46: out.append(b + 0x20)
      default: return nil
      }
      if hyphenated && (k == 7 || k == 12 || k == 17 || k == 22) { out.append(0x2D) }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// True when `text` is a UUID in canonical form: 36 bytes, lower-case hex digits and four hyphens.
  static func isCanonical(_ text: String) -> Bool {
    text.utf8.withContiguousStorageIfAvailable { bytes in
      guard bytes.count == 36 else { return false }
      for k in 0..<36 {
        let b = bytes[k]
        let good = k == 8 || k == 13 || k == 18 || k == 23 ? b == 0x2D : (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x66)
        if !good { return false }
      }
      return true
    } ?? false
  }

  /// Splits a field that may hold several ids ("/", ";", "," or NUL between them).
  static func split(_ text: String) -> [String] {
    // A field holds one canonical id far more often than anything else: that id, with no copy of it.
    if isCanonical(text) { return [text] }
    // The separators are ASCII, so splitting the UTF-8 bytes splits between scalars; Character-wise
    // splitting (grapheme breaking) was a visible part of reading a tag.
    var parts: [String] = []
    let bytes = text.utf8
    var start = bytes.startIndex
    var index = start
    func close() {
      let part = String(text[start..<index]).trimmingSpaces()
      if !part.isEmpty { parts.append(part) }
    }
    while index != bytes.endIndex {
      let b = bytes[index]
      if b == 0x2F || b == 0x3B || b == 0x2C || b == 0 {
        close()
        start = bytes.index(after: index)
      }
      index = bytes.index(after: index)
    }
    close()
    return parts
  }
}
