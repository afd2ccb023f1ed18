// The keys and mouse events of the full-screen UI, decoded from what a terminal sends: printable text
// (UTF-8, so a search can be typed in any script), control keys, the xterm/VT escape sequences for
// arrows, Home/End, PgUp/PgDn, Delete and Shift-Tab, and SGR mouse reports (mode 1006). TunesTerminal's
// KeyDecoder knows the one-line player's few keys only; the UI needs these and their names for
// config.toml, so it has a decoder of its own.

public enum UIKey: Hashable, Sendable {
  case character(Character)
  /// Ctrl with a letter: `control("d")` is Ctrl-D.
  case control(Character)
  case up, down, left, right, pageUp, pageDown, home, end, enter, tab, backTab, escape, backspace, delete
  case mouse(MouseEvent)
  case unknown
}

public struct MouseEvent: Hashable, Sendable {
  public enum Kind: Hashable, Sendable { case press, release, wheelUp, wheelDown, drag }
  public var kind: Kind
  /// 0 left, 1 middle, 2 right.
  public var button: Int
  /// Zero-based.
  public var row: Int
  public var column: Int
}

public enum UIKeyDecoder {
  /// Every whole key in `bytes` and how many bytes they took; a sequence cut in half waits for the rest.
  /// An Escape byte that ends the read is the Escape key (terminals send a sequence in one write).
  public static func decode(_ bytes: [UInt8]) -> (keys: [UIKey], used: Int) {
    var keys: [UIKey] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x1B {
        guard index + 1 < bytes.count else {
          keys.append(.escape)
          index += 1
          continue
        }
        let next = bytes[index + 1]
        if next == UInt8(ascii: "[") || next == UInt8(ascii: "O") {
          guard let (key, length) = sequence(bytes, from: index) else { break }
          keys.append(key)
          index += length
        } else {
          keys.append(.escape)  // Escape, then whatever was typed after it (Alt-key)
          index += 1
        }
        continue
      }
      if byte >= 0x80 {
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        guard index + length <= bytes.count else { break }
        let text = String(decoding: bytes[index..<(index + length)], as: UTF8.self)
        keys.append(text.first.map(UIKey.character) ?? .unknown)
        index += length
        continue
      }
      keys.append(plain(byte))
      index += 1
    }
    return (keys, index)
  }

  static func plain(_ byte: UInt8) -> UIKey {
    switch byte {
    case 0x0D, 0x0A: return .enter
    case 0x09: return .tab
    case 0x7F, 0x08: return .backspace
    case 0x01...0x1A: return .control(Character(UnicodeScalar(byte + 0x60)))
    case 0x20...0x7E: return .character(Character(UnicodeScalar(byte)))
    default: return .unknown
    }
  }

  /// The key an escape sequence starting at `start` stands for and its length; nil when it is cut.
  static func sequence(_ bytes: [UInt8], from start: Int) -> (UIKey, Int)? {
    var end = start + 2
    // CSI parameters and intermediates run up to a final byte in @…~.
    while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) || (end == start + 2 && bytes[end] == UInt8(ascii: "<")) {
      end += 1
    }
    guard end < bytes.count else { return nil }
    let length = end - start + 1
    let final = bytes[end]
    let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
    if parameters.hasPrefix("<") { return (mouse(parameters.dropFirst(), final: final), length) }
    switch final {
    case UInt8(ascii: "A"): return (.up, length)
    case UInt8(ascii: "B"): return (.down, length)
    case UInt8(ascii: "C"): return (.right, length)
    case UInt8(ascii: "D"): return (.left, length)
    case UInt8(ascii: "H"): return (.home, length)
    case UInt8(ascii: "F"): return (.end, length)
    case UInt8(ascii: "Z"): return (.backTab, length)
    case UInt8(ascii: "~"):
      switch parameters.split(separator: ";").first ?? "" {
      case "1", "7": return (.home, length)
      case "4", "8": return (.end, length)
      case "3": return (.delete, length)
      case "5": return (.pageUp, length)
      case "6": return (.pageDown, length)
      default: return (.unknown, length)
      }
    default: return (.unknown, length)
    }
  }

  /// An SGR mouse report: `<button;column;row` then M (press) or m (release), one-based.
  static func mouse(_ text: Substring, final: UInt8) -> UIKey {
    let numbers = text.split(separator: ";").compactMap { Int($0) }
    guard numbers.count == 3 else { return .unknown }
    let code = numbers[0]
    let kind: MouseEvent.Kind
    if code & 64 != 0 {
      kind = code & 1 == 0 ? .wheelUp : .wheelDown
    } else if code & 32 != 0 {
      kind = .drag
    } else {
      kind = final == UInt8(ascii: "M") ? .press : .release
    }
    return .mouse(MouseEvent(kind: kind, button: code & 3, row: numbers[2] - 1, column: numbers[1] - 1))
  }
}
