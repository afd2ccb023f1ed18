// Text from tags and files made safe to print for people: a tag can neither split a listing's line nor
// send escape sequences to the terminal. `--json` output never passes here; it stays exact.

enum TerminalText {
  /// Tab, line feed, vertical tab, form feed and carriage return become a space; every other C0 control
  /// character (U+0000–U+001F), DEL and the C1 controls (U+0080–U+009F) become U+FFFD "�".
  static func safe(_ text: String) -> String {
    // Almost no tag holds one: look at the bytes first (a C1 control is 0xC2 then 0x80–0x9F in UTF-8).
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09...0x0D: out.append(" ")
      case 0x00..<0x20, 0x7F..<0xA0: out.append("\u{FFFD}")
      default: out.append(scalar)
      }
    }
    return String(out)
  }
}
