// Text from tags, file names and other people's ListenBrainz data made safe to print for people: it can
// neither split a line nor send escape sequences to the terminal, nor turn the rest of a line around.
// `--json` output never passes here; it stays exact.

public enum TerminalText {
  /// Tab, line feed, vertical tab, form feed and carriage return become a space; every other C0 control
  /// character (U+0000–U+001F), DEL, the C1 controls (U+0080–U+009F) and the bidirectional embeddings,
  /// overrides and isolates (U+202A–U+202E, U+2066–U+2069) become U+FFFD "�".
  public static func safe(_ text: String) -> String {
    // Almost no text holds one: look at the bytes first (a C1 control is 0xC2 then 0x80–0x9F in UTF-8;
    // the bidirectional controls start with 0xE2).
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09...0x0D: out.append(" ")
      case 0x00..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069: out.append("\u{FFFD}")
      default: out.append(scalar)
      }
    }
    return String(out)
  }
}
