// Keys of the player's terminal UI, decoded from the bytes a terminal sends (arrows are escape sequences).

public enum Key: Equatable, Sendable {
  case space, left, right, up, down, enter
  case character(Character)
  case other
}

public enum KeyDecoder {
  /// Decodes every whole key in `bytes`; returns the keys and how many bytes were used (an escape
  /// sequence cut in half stays for the next read).
  public static func decode(_ bytes: [UInt8]) -> (keys: [Key], used: Int) {
    var keys: [Key] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x1B {
        if index + 1 == bytes.count {
          keys.append(.other)  // a lone Escape key
          index += 1
          break
        }
        let kind = bytes[index + 1]
        guard kind == UInt8(ascii: "[") || kind == UInt8(ascii: "O") else {
          keys.append(.other)
          index += 1
          continue
        }
        guard index + 2 < bytes.count else { break }  // cut sequence: wait for the rest
        switch bytes[index + 2] {
        case UInt8(ascii: "A"): keys.append(.up)
        case UInt8(ascii: "B"): keys.append(.down)
        case UInt8(ascii: "C"): keys.append(.right)
        case UInt8(ascii: "D"): keys.append(.left)
        default: keys.append(.other)
        }
        index += 3
        continue
      }
      switch byte {
      case 0x20: keys.append(.space)
      case 0x0A, 0x0D: keys.append(.enter)
      case 0x21...0x7E: keys.append(.character(Character(UnicodeScalar(byte))))
      default: keys.append(.other)
      }
      index += 1
    }
    return (keys, index)
  }
}
