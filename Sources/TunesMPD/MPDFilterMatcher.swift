// Evaluating an MPDFilter over many songs: each needle lowercased once, and values of plain text
// (PlainText: the letters of most scripts, no combining marks) compared byte by byte in place; any other
// value goes through String, so the answer is always the one Swift's String gives.

/// A value a filter looks at: a String, or UTF-8 bytes read in place (a library row, valid for the call).
public enum FilterText {
  case string(String)
  case bytes(UnsafeBufferPointer<UInt8>)
}

extension MPDFilter {
  /// A filter ready to test many songs. The answer is the one `String.lowercased()`, `==`,
  /// `firstRange(of:)` and `hasPrefix` give; a value and a needle that are both plain text give that same
  /// answer byte by byte, without making or lowercasing a String.
  public struct Matcher: Sendable {
    struct Test: Sendable {
      var field: Field
      var op: Operator
      var ignoreCase: Bool
      var negated: Bool
      /// The clause's value is "": what a song without the tag matches, whatever the operator.
      var emptyValue: Bool
      /// The value compared, folded when `ignoreCase`; for `base`, the folder with its trailing "/".
      var needle: String
      /// `needle`'s bytes, lowercased when `ignoreCase`; used only when `plainNeedle` (see `PlainText`).
      var needleBytes: [UInt8]
      var plainNeedle: Bool
      /// `base ""` holds for every song.
      var always: Bool
      /// For `modified-since`: seconds since 1970.
      var since: Double
      /// For `=~`: the compiled expression (nil: the filter's parser refused the pattern already).
      var pattern: MPDPattern?
      /// For `AudioFormat`: the parts asked for (nil: the pair syntax, which matches no song).
      var mask: MPDAudioFormat.Mask?
    }

    let tests: [Test]

    public init(_ filter: MPDFilter) {
      tests = filter.clauses.map { clause in
        var needle = clause.ignoreCase ? clause.value.lowercased() : clause.value
        // `!=` is `==` negated, so that with several values it rejects a song when any value is equal
        // (`base` and `modified-since` have an operator of their own).
        let flips =
          clause.op == .notEqual && clause.field != .base && clause.field != .modifiedSince && clause.field != .audioFormat
        var op = flips ? MPDFilter.Operator.equal : clause.op
        let negated = clause.negated != flips
        var ignoreCase = clause.ignoreCase
        if clause.field == .base {
          needle = clause.value.hasSuffix("/") ? clause.value : clause.value + "/"
          op = .startsWith
          ignoreCase = false
        }
        var pattern: MPDPattern?
        if op == .regex, clause.field != .audioFormat {
          pattern = try? MPDPattern(clause.value, ignoreCase: clause.ignoreCase)
          needle = clause.value
          ignoreCase = false  // the expression folds case itself
        }
        var bytes = Array(needle.utf8)
        let plain =
          op != .regex && !bytes.isEmpty
          && bytes.withUnsafeMutableBufferPointer { buffer in
            PlainText.copy(UnsafeBufferPointer(buffer), into: buffer, lowercasing: ignoreCase)
          }
        return Test(
          field: clause.field, op: op, ignoreCase: ignoreCase, negated: negated, emptyValue: clause.value.isEmpty,
          needle: needle,
          needleBytes: bytes, plainNeedle: plain, always: clause.field == .base && clause.value.isEmpty,
          since: clause.field == .modifiedSince ? (try? MPDTime.seconds(clause.value)) ?? .infinity : 0,
          pattern: pattern,
          mask: clause.field == .audioFormat && clause.op != .notEqual
            ? try? MPDAudioFormat.parseMask(clause.value, mask: clause.op == .regex) : nil)
      }
    }

    public func matches(_ song: MPDSong) -> Bool {
      matches(
        file: { .string(song.file) }, values: { song.tags[all: $0].map(FilterText.string) },
        modified: { song.lastModified?.timeIntervalSince1970 }, audioFormat: { song.audioFormat })
    }

    /// Every clause holds for the song whose URI `file` gives, whose tags `tag` gives (nil: the song
    /// has no such tag; an empty tag is no tag) and whose file's modification time `modified` gives
    /// (seconds since 1970; nil: unknown, which no `modified-since` accepts). For a library of one
    /// value per tag, read in place.
    public func matches(
      file: () -> FilterText, tag: (MPDTag) -> FilterText?, modified: () -> Double? = { nil },
      audioFormat: () -> MPDAudioFormat? = { nil }
    ) -> Bool {
      matches(file: file, anyValue: { name, test in tag(name).map(test) }, modified: modified, audioFormat: audioFormat)
    }

    /// The same for songs with several values per tag: `values` gives each tag's values (`[]`: none).
    public func matches(
      file: () -> FilterText, values: (MPDTag) -> [FilterText], modified: () -> Double? = { nil },
      audioFormat: () -> MPDAudioFormat? = { nil }
    ) -> Bool {
      matches(
        file: file,
        anyValue: { name, test in
          let texts = values(name)
          return texts.isEmpty ? nil : texts.contains(where: test)
        }, modified: modified, audioFormat: audioFormat)
    }

    /// The core: `anyValue(tag, test)` says whether any value of the song's `tag` passes `test`, nil when
    /// the song has no such tag (no list is made for a song read in place). A tag clause holds, as MPD's
    /// TagSongFilter decides, when any value matches; `!=` and `!(…)` are the negation of that
    /// (`Artist != "A"` rejects a song with artists A and B). A song without the tag is read through the
    /// tag's fallbacks (an album artist filter looks at the artist), and without those it matches only a
    /// clause whose value is empty, whatever the operator. An `AudioFormat` clause holds when the song's
    /// format (`audioFormat`; nil: unknown, which no such clause accepts) has every part the clause gives.
    public func matches(
      file: () -> FilterText, anyValue: (MPDTag, (FilterText) -> Bool) -> Bool?, modified: () -> Double? = { nil },
      audioFormat: () -> MPDAudioFormat? = { nil }
    ) -> Bool {
      tests.allSatisfy { test in
        let hit: Bool
        switch test.field {
        case .base: hit = test.always || test.holds(for: file())
        case .file: hit = test.holds(for: file())
        case .tag(let name): hit = test.holdsForAny(of: name, anyValue)
        // mpd's `any` looks at the song's tags only, never its URI (`search any xing` does not find "xing.mp3").
        case .any: hit = MPDTag.allCases.contains { anyValue($0, test.holds) ?? false }
        case .modifiedSince: hit = modified().map { $0 >= test.since } ?? false
        case .audioFormat: hit = test.mask.map { mask in audioFormat()?.matches(mask) ?? false } ?? false
        }
        return hit != test.negated
      }
    }
  }
}

extension MPDFilter.Matcher.Test {
  /// Any value of `tag`, or of the first fallback the song has, passes; a song with none passes an empty needle.
  func holdsForAny(of tag: MPDTag, _ anyValue: (MPDTag, (FilterText) -> Bool) -> Bool?) -> Bool {
    if let hit = anyValue(tag, holds) { return hit }
    for fallback in tag.fallbacks { if let hit = anyValue(fallback, holds) { return hit } }
    return emptyValue
  }

  func holds(for text: FilterText) -> Bool {
    switch text {
    case .string(let value):
      var value = value
      return value.withUTF8 { holds(bytes: $0) }
    case .bytes(let bytes): return holds(bytes: bytes)
    }
  }

  /// A plain needle against a plain value compares their lowercased bytes; anything else is read as Strings.
  private func holds(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard plainNeedle else { return holds(string: String(decoding: bytes, as: UTF8.self)) }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { scratch in
      guard PlainText.copy(bytes, into: scratch, lowercasing: ignoreCase) else {
        return holds(string: String(decoding: bytes, as: UTF8.self))
      }
      return holds(plain: UnsafeBufferPointer(scratch))
    }
  }

  /// The reading that decides: Swift's lowercasing and comparisons of Strings, Character by Character.
  /// `contains` is the standard library's `firstRange(of:)`, not Foundation's `contains`, which reads a
  /// NUL as the needle's end and traps on some needles that end in one ("aé" and "é\0").
  private func holds(string raw: String) -> Bool {
    if op == .regex { return pattern?.matches(raw) ?? false }
    let value = ignoreCase ? raw.lowercased() : raw
    switch op {
    case .equal: return value == needle
    case .notEqual: return value != needle
    case .contains: return value.firstRange(of: needle) != nil
    case .startsWith: return value.hasPrefix(needle)
    case .regex: return false  // answered above
    }
  }

  /// The same answer for a plain value, already lowercased when the test folds case.
  private func holds(plain value: UnsafeBufferPointer<UInt8>) -> Bool {
    needleBytes.withUnsafeBufferPointer { needle in
      switch op {
      case .equal: return value.elementsEqual(needle)
      case .notEqual: return !value.elementsEqual(needle)
      case .startsWith: return value.starts(with: needle)
      case .regex: return false  // never plain: read as a String
      case .contains:
        guard value.count >= needle.count, let first = needle.first else { return false }
        for start in 0...(value.count - needle.count) where value[start] == first {
          if UnsafeBufferPointer(rebasing: value[start..<start + needle.count]).elementsEqual(needle) { return true }
        }
        return false
      }
    }
  }
}

/// Plain text: UTF-8 made only of scalars that are each a Character of their own, that normalization
/// (NFC) leaves as they are and composes with nothing beside them, and that lowercase to one scalar of
/// the same UTF-8 length. Two plain texts are canonically equivalent only when their bytes are equal, so
/// lowercasing scalar by scalar, then comparing bytes, gives what `lowercased()` and String's `==`,
/// `firstRange(of:)` and `hasPrefix` give. It covers the two-byte scalars (Latin, Greek, Cyrillic, Hebrew,
/// Arabic; not the combining marks, format characters, CR, or the few letters like İ that lowercase to
/// more), and kana, CJK ideographs, Hangul syllables, dingbats and the common emoji, which have no case:
/// the tags of most libraries. `plainScalarsAreWhatTheByteComparisonAssumes` checks every one.
public enum PlainText {
  /// The lowercase of each scalar below U+0800 (`String.lowercased()`), or `notPlain`.
  static let lowercase: [UInt16] = (0..<0x800).map { value in
    guard let scalar = Unicode.Scalar(value), isOwnCharacter(scalar) else { return notPlain }
    let lower = String(scalar).lowercased().unicodeScalars
    guard lower.count == 1, let first = lower.first, first.value < 0x800, isOwnCharacter(first),
      String(first).utf8.count == String(scalar).utf8.count
    else { return notPlain }
    return UInt16(first.value)
  }
  static let notPlain: UInt16 = 0xFFFF

  /// Not CR (CR LF is one Character), not a mark or other extender of the Character before it, not a
  /// format character (some join the Character after them), and not a scalar that normalization
  /// replaces (such as U+037E, the Greek question mark).
  static func isOwnCharacter(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .format: return false
    default: return scalar != "\r" && !properties.isGraphemeExtend && !properties.isFullCompositionExclusion
    }
  }

  /// The three- and four-byte scalars counted plain, all without case: dingbats, kana (not the
  /// combining voicing marks U+3099–U+309A), CJK ideographs, Hangul syllables (no conjoining jamo), and
  /// the emoji blocks without the skin-tone modifiers (which join the emoji before them).
  static let wide: [ClosedRange<Int>] = [
    0x2700...0x27BF, 0x3041...0x3096, 0x309B...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
    0x1F300...0x1F3FA, 0x1F400...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF,
  ]

  static func isPlainWide(_ scalar: Int) -> Bool { wide.contains { $0.contains(scalar) } }

  /// Whether all of `bytes` is plain text (the real backend asks it of its music folder, to cut URIs in place).
  public static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { copy(bytes, into: nil, lowercasing: false) }

  /// Copies `bytes` into `out` (as long; nil: only checks them), lowercased when asked; false when they
  /// are not plain text.
  static func copy(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>?, lowercasing: Bool) -> Bool {
    lowercase.withUnsafeBufferPointer { table in
      var index = 0
      while index < bytes.count {
        let lead = bytes[index]
        if lead < 0x80 {
          let lower = table[Int(lead)]
          if lower == notPlain { return false }
          out?[index] = lowercasing ? UInt8(lower) : lead
          index += 1
        } else if lead >= 0xC2, lead <= 0xDF {  // two bytes: U+0080 to U+07FF
          guard index + 1 < bytes.count, bytes[index + 1] & 0xC0 == 0x80 else { return false }
          let scalar = Int(lead & 0x1F) << 6 | Int(bytes[index + 1] & 0x3F)
          let lower = table[scalar]
          if lower == notPlain { return false }
          let result = lowercasing ? Int(lower) : scalar
          out?[index] = 0xC0 | UInt8(result >> 6)
          out?[index + 1] = 0x80 | UInt8(result & 0x3F)
          index += 2
        } else if lead >= 0xE2, lead <= 0xF0 {  // three or four bytes, copied as they are
          let count = lead < 0xF0 ? 3 : 4
          guard index + count <= bytes.count else { return false }
          var scalar = Int(lead & (count == 3 ? 0x0F : 0x07))
          for offset in 1..<count {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return false }
            scalar = scalar << 6 | Int(byte & 0x3F)
          }
          // Overlong forms are broken UTF-8: a three-byte lead of E2 or more cannot be one, a four-byte can.
          guard count == 3 || scalar >= 0x10000, isPlainWide(scalar) else { return false }
          for offset in 0..<count { out?[index + offset] = bytes[index + offset] }
          index += count
        } else {
          return false  // other scalars, and broken or overlong UTF-8: read as a String
        }
      }
      return true
    }
  }
}
