// How many terminal cells text takes, so that columns line up and lines fit whatever the script: CJK
// and fullwidth characters and emoji take two cells, combining accents, joiners and variation selectors
// none, everything else one. Counted per grapheme cluster (a flag, a family emoji or "é" written as e
// and an accent is one glyph). Hand-written because Foundation on Linux exposes no East Asian Width: the
// ranges below are Unicode's Wide and Fullwidth blocks, as terminals' wcwidth tables have them.

public enum DisplayWidth {
  /// The cells `text` takes on a terminal.
  public static func of(_ text: String) -> Int {
    // Most tags are ASCII: one cell a byte, no grapheme breaking needed.
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
    var cells = 0
    for character in text { cells += of(character) }
    return cells
  }

  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.value < 0x80 { return first.value < 0x20 || first.value == 0x7F ? 0 : 1 }
    // Emoji shown as pictures: by default (Emoji_Presentation) or asked for with VS16.
    if scalars.contains(where: { $0.properties.isEmojiPresentation })
      || (first.properties.isEmoji && scalars.contains("\u{FE0F}"))
    {
      return 2
    }
    return of(scalar: first)
  }

  static func of(scalar: Unicode.Scalar) -> Int {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return 2
    default: return 1
    }
  }

  /// `text` cut to at most `cells` cells, ending in "…" when something was cut. Never splits a
  /// character, so a wide one that does not fit leaves a cell empty rather than half drawn.
  public static func fit(_ text: String, cells: Int) -> String {
    guard cells > 0 else { return "" }
    guard of(text) > cells else { return text }
    var out = ""
    var used = 0
    for character in text {
      let width = of(character)
      if used + width > cells - 1 { break }
      out.append(character)
      used += width
    }
    return out + "…"
  }

  /// `text` cut or padded with spaces on the right to exactly `cells` cells (a label column).
  public static func column(_ text: String, cells: Int) -> String {
    pad(fit(text, cells: cells), to: cells)
  }

  /// `text` followed by spaces up to `cells` cells (or before them, `right`-aligned).
  public static func pad(_ text: String, to cells: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, cells - of(text)))
    return right ? padding + text : text + padding
  }
}
