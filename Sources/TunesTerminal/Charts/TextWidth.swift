// Column widths of text on a terminal: East Asian wide characters and most emoji take two columns,
// combining marks none. Labels are cut with "…" and padded by these widths, never by character count.
public enum TextWidth {
  public static func of(_ text: String) -> Int { text.reduce(0) { $0 + of($1) } }

  public static func of(_ character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    let v = scalar.value
    if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
    if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark { return 0 }
    if isWide(v) { return 2 }
    return 1
  }

  static func isWide(_ v: UInt32) -> Bool {
    switch v {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
      0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  /// `text` cut to at most `width` columns, ending in "…" when something was cut.
  public static func truncate(_ text: String, to width: Int) -> String {
    guard width > 0 else { return "" }
    guard of(text) > width else { return text }
    var out = ""
    var used = 0
    for character in text {
      let w = of(character)
      if used + w > width - 1 { break }
      out.append(character)
      used += w
    }
    return out + "…"
  }

  /// Cut or padded with spaces on the right to exactly `width` columns.
  public static func fit(_ text: String, to width: Int) -> String {
    let cut = truncate(text, to: width)
    return cut + String(repeating: " ", count: max(0, width - of(cut)))
  }

  /// Padded with spaces on the left to `width` columns (never cut: numbers must stay whole).
  public static func padLeft(_ text: String, to width: Int) -> String {
    String(repeating: " ", count: max(0, width - of(text))) + text
  }
}
